// The Validation page's one table shape, for the ns-3 cases and the theory references alike: a scroll box of its
// own (a phone scrolls the table, not the page), a header row of column names, and the rows the caller gives.
import type { ReactNode } from 'react'
import { TableScroll } from '../chrome/TableScroll'

export function ValidationTable({
  label,
  columns,
  children,
}: {
  label: string
  columns: string[]
  children: ReactNode
}) {
  return (
    <TableScroll label={label}>
      <table className="validation-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  )
}
