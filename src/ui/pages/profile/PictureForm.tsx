import type { User } from '@vigil/domain/auth.schema'
import { NoInput, PICTURE_TYPES, PICTURE_UNREADABLE, PictureInput } from '@vigil/domain/profile'
import { ImageUp } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../styled-system/css'
import { profileApi } from '../../../adapters/profile-api.ts'
import { Button } from '../../components/button.tsx'
import { showToast } from '../../components/toast-store.ts'
import { AccountSection } from '../account-sections.tsx'
import { useFormFlow } from './use-form-flow.ts'

// The profile picture: a button opens the browser's file chooser (its bare "Choose File" input is hidden), the file
// is checked here (kind and size, the server's rules, which the server checks again on its bytes) and shown as it
// will look, round, before anything is sent; "Save picture" sends it, Cancel forgets it.

/** A picture chosen and shown, not yet saved: the file and its blob: address for the preview. */
interface Chosen {
  file: File
  url: string
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`

export function PictureForm({ user, onChanged }: { user: User; onChanged: (user: User) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const chooseButton = useRef<HTMLButtonElement>(null)
  const saveButton = useRef<HTMLButtonElement>(null)
  const hintId = useId()
  const errorId = useId()
  const [chosen, setChosen] = useState<Chosen | null>(null)
  // Why the file chosen here cannot be the picture, before it is sent.
  const [problem, setProblem] = useState<string | null>(null)
  // The file last sent: the server's refusal is shown while that file is still the one chosen.
  const [sent, setSent] = useState<File | null>(null)
  const upload = useFormFlow(profileApi.setPicture, PictureInput, (next) => {
    setChosen(null)
    onChanged(next)
    showToast({ title: 'Your picture was saved', type: 'success' })
    backToChoose()
  })
  const remove = useFormFlow(profileApi.removePicture, NoInput, (next) => {
    onChanged(next)
    backToChoose()
  })
  const busy = upload.submitting || remove.submitting
  // After a save, a removal or Cancel the focus goes back to the choose button, once it is drawn and enabled again
  // (the buttons it was on are gone).
  const [returns, setReturns] = useState(0)
  const backToChoose = () => setReturns((n) => n + 1)
  useEffect(() => {
    if (returns > 0) chooseButton.current?.focus()
  }, [returns])

  useEffect(() => {
    if (!chosen) return
    // The next step is saving it: the focus goes there, not back to the page.
    saveButton.current?.focus()
    // Each preview's address is let go when another takes its place, and when the page closes.
    return () => URL.revokeObjectURL(chosen.url)
  }, [chosen])

  const choose = (file: File) => {
    const checked = v.safeParse(PictureInput, { file })
    if (!checked.success) {
      setChosen(null)
      setProblem(checked.issues[0].message)
      return
    }
    setProblem(null)
    setChosen({ file, url: URL.createObjectURL(file) })
  }
  const cancel = () => {
    setChosen(null)
    setProblem(null)
    backToChoose()
  }
  const save = () => {
    if (!chosen) return
    setSent(chosen.file)
    upload.send({ file: chosen.file })
  }

  const refused = chosen && chosen.file === sent ? (upload.errors.file ?? upload.message) : null
  const error = problem ?? refused ?? (chosen ? null : remove.message)
  const chooseLabel = chosen ? 'Choose another' : user.image ? 'Change picture' : 'Choose a picture'

  return (
    <AccountSection id="picture-title" title="Picture">
      <div className={css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' })}>
        {chosen ? (
          <img
            src={chosen.url}
            alt={`${user.name} (new, not saved yet)`}
            className={avatar}
            onError={() => {
              setChosen(null)
              setProblem(PICTURE_UNREADABLE)
            }}
          />
        ) : user.image ? (
          <img src={user.image} alt={`${user.name} (current)`} className={avatar} />
        ) : (
          // The top bar's initial, larger: what shows while there is no picture.
          <span aria-hidden="true" className={initial}>
            {user.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className={css({ display: 'grid', gap: '2', flex: '1 1 12rem', minW: '0' })}>
          <p className={css({ color: chosen ? 'gray.900' : 'muted', overflowWrap: 'anywhere' })}>
            {chosen ? (
              <>
                <strong>{chosen.file.name}</strong> ({kilobytes(chosen.file.size)}): a preview, not saved yet.
              </>
            ) : user.image ? (
              'Shown in the top bar.'
            ) : (
              'No picture: the top bar shows your initial.'
            )}
          </p>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {chosen && (
              <Button ref={saveButton} disabled={busy} onClick={save}>
                {upload.submitting ? 'Saving...' : 'Save picture'}
              </Button>
            )}
            <Button
              ref={chooseButton}
              variant="outline"
              disabled={busy}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              onClick={() => input.current?.click()}
            >
              <ImageUp aria-hidden="true" /> {chooseLabel}
            </Button>
            {chosen ? (
              <Button variant="ghost" disabled={busy} onClick={cancel}>
                Cancel
              </Button>
            ) : (
              user.image && (
                <Button variant="outline" disabled={busy} onClick={() => remove.send({})}>
                  {remove.submitting ? 'Removing...' : 'Remove picture'}
                </Button>
              )
            )}
          </div>
          <p id={hintId} className={css({ fontSize: 'sm', color: 'muted' })}>
            PNG, JPEG or WebP, up to 1 MB. It is cropped to a square.
          </p>
          {error && (
            <p id={errorId} role="alert" className={css({ fontSize: 'sm', color: 'red.700', fontWeight: 'medium' })}>
              {error}
            </p>
          )}
        </div>
      </div>
      {/* The browser's chooser, opened by the button above; out of the tab order, which the button is in. */}
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        aria-label="Picture file"
        accept={PICTURE_TYPES.join(',')}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          e.currentTarget.value = ''
          if (file) choose(file)
        }}
      />
    </AccountSection>
  )
}

const avatar = css({
  w: '16',
  h: '16',
  flexShrink: '0',
  rounded: 'full',
  objectFit: 'cover',
  borderWidth: '1px',
  borderColor: 'border',
})
const initial = css({
  w: '16',
  h: '16',
  flexShrink: '0',
  rounded: 'full',
  display: 'grid',
  placeItems: 'center',
  bg: 'navy.50',
  color: 'primary',
  fontSize: '2xl',
  fontWeight: 'bold',
})
