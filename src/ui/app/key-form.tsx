// The API key, pasted once per tab (session storage); without AUTH, none is needed.
import { useState } from 'preact/hooks'
import { apiKey } from './api.ts'

export function KeyForm() {
  const [saved, setSaved] = useState(apiKey.get() !== '')
  const [open, setOpen] = useState(false)
  if (!open)
    return (
      <button type="button" class="key" onClick={() => setOpen(true)}>
        {saved ? 'API key set' : 'Set API key'}
      </button>
    )
  return (
    <form
      class="key"
      onSubmit={(e) => {
        e.preventDefault()
        const input = (e.currentTarget as HTMLFormElement).elements.namedItem('key') as HTMLInputElement
        apiKey.set(input.value)
        setSaved(apiKey.get() !== '')
        setOpen(false)
        location.reload()
      }}
    >
      <label for="api-key">API key</label>
      <input id="api-key" name="key" type="password" autoComplete="off" spellcheck={false} />
      <button type="submit">Use</button>
    </form>
  )
}
