import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { UpdatePrompt } from './pwa/UpdatePrompt'
import './i18n'
// Theme and large type on <html> before the first render of any view (gallery, compare, … too, not only the lab).
import './lab/usePreferences'
import './styles/global.css'

const root = document.getElementById('root')
if (root === null) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <App />
    <UpdatePrompt />
  </StrictMode>,
)
