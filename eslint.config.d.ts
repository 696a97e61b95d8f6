// Types of what eslint.config.js exports besides the config, for web/boundaries.test.ts.
import type { Linter } from 'eslint'

export const TIERS: string[][]
export const VIEW_ENTRY_POINTS: Record<string, string[]>
declare const config: Linter.Config[]
export default config
