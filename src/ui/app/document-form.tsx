// The form of the pages that take a document (the project report, the folder scan): a file to choose, or text to
// paste, handed to the page as text; the error of the last try under it.
import { useState } from 'preact/hooks'

export function DocumentForm(props: {
  id: string
  fileLabel: string
  pasteLabel: string
  submitLabel: string
  busyLabel: string
  /** What the page does with the document; a rejection is shown as the error. */
  onText: (text: string) => Promise<void>
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const run = async (text: string) => {
    setBusy(true)
    setError('')
    try {
      await props.onText(text)
    } catch (err) {
      setError((err as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <form
        class="report-form"
        onSubmit={(e) => {
          e.preventDefault()
          const area = (e.currentTarget as HTMLFormElement).elements.namedItem(props.id) as HTMLTextAreaElement
          void run(area.value)
        }}
      >
        <label for={`${props.id}-file`}>{props.fileLabel}</label>
        <input
          id={`${props.id}-file`}
          type="file"
          accept=".json,application/json,text/plain"
          onChange={async (e) => {
            const file = (e.currentTarget as HTMLInputElement).files?.[0]
            if (file) await run(await file.text())
          }}
        />
        <label for={props.id}>{props.pasteLabel}</label>
        <textarea id={props.id} name={props.id} rows={6} spellcheck={false} />
        <button type="submit" disabled={busy}>
          {busy ? props.busyLabel : props.submitLabel}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
