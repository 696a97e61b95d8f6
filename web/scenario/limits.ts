// What one browser tab holds, beside what the engine accepts.

/**
 * Flows one browser tab runs and draws. The engine takes 10,000, but the page keeps per-flow traces and
 * canvases: at 10,000 it needed ≈ 3 GB before Play and drew 2–4 frames a second; 1,000 runs smoothly.
 * Larger experiments belong to the command-line engine (aqm-cli), which draws nothing.
 */
export const TAB_MAX_FLOWS = 1000
