// A trace's columns for the unit tests of the drop and mark series: the totals, then a drop and a mark column
// for each of four causes (overflow, early, forced, target), so a test sees which of them a declaration keeps.
export const CAUSE_COLUMNS: readonly string[] = [
  't',
  'drops',
  'marks',
  'drops_overflow',
  'drops_early',
  'drops_forced',
  'drops_target',
  'marks_early',
  'marks_forced',
  'marks_target',
]
