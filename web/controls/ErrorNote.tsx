// An error shown next to the control it belongs to; announced to screen readers.
export function ErrorNote({ id, message }: { id: string; message: string | undefined }) {
  if (message === undefined) return null
  return (
    <p className="error-note" id={id} role="alert">
      {message}
    </p>
  )
}
