// Chooses the view from the page's URL: the full lab by default. Other views (embed, compare, gallery,
// validation) register here by one line each, so features do not import one another.
import { lazy, Suspense } from 'react'
import { Lab } from './lab/Lab'
import { isEmbedQuery } from './scenario/linkView'

// The teaching views load on demand, so the lab's first load stays small.
const Gallery = lazy(() => import('./presets/Gallery').then((m) => ({ default: m.Gallery })))
const PresetLab = lazy(() => import('./presets/PresetLab').then((m) => ({ default: m.PresetLab })))
const CompareView = lazy(() => import('./compare/CompareView').then((m) => ({ default: m.CompareView })))
const SweepView = lazy(() => import('./sweep/SweepView').then((m) => ({ default: m.SweepView })))
const Walkthrough = lazy(() => import('./walkthrough/Walkthrough').then((m) => ({ default: m.Walkthrough })))
const ValidationView = lazy(() => import('./validation/ValidationView').then((m) => ({ default: m.ValidationView })))
const WorksheetView = lazy(() => import('./worksheet/WorksheetView').then((m) => ({ default: m.WorksheetView })))
const ReplayView = lazy(() => import('./replay/ReplayView').then((m) => ({ default: m.ReplayView })))
const ClassView = lazy(() => import('./class/ClassView').then((m) => ({ default: m.ClassView })))
const EmbedView = lazy(() => import('./embed/EmbedView').then((m) => ({ default: m.EmbedView })))

function View({ query }: { query: URLSearchParams }) {
  switch (query.get('view')) {
    case 'gallery':
      return <Gallery />
    case 'compare':
      return <CompareView />
    case 'sweep':
      return <SweepView />
    case 'validation':
      return <ValidationView />
    case 'walkthrough':
      return <Walkthrough lessonId={query.get('lesson') ?? 'red-vs-droptail'} />
    case 'class':
      return <ClassView />
    case 'replay':
      return <ReplayView />
    case 'worksheet':
      return <WorksheetView preset={query.get('preset')} lesson={query.get('lesson')} />
  }
  if (isEmbedQuery(window.location.search)) return <EmbedView />
  const preset = query.get('preset')
  return preset === null ? <Lab /> : <PresetLab id={preset} />
}

export function App() {
  return (
    <Suspense fallback={null}>
      <View query={new URLSearchParams(window.location.search)} />
    </Suspense>
  )
}
