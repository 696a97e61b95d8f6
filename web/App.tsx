// Chooses the view from the page's URL: the full lab by default. Other views (embed, compare, gallery)
// register here by one line each, so features do not import one another.
import { Lab } from './lab/Lab'

export function App() {
  return <Lab />
}
