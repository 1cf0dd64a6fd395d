import { Fragment } from 'react'

/** A SHA-256 fingerprint (`AB:CD:...`) that wraps after a colon, never inside a pair of digits. */
export function Fingerprint({ value }: { value: string }) {
  const pairs = value.split(':')
  return pairs.map((pair, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pairs are the value's, in their place
    <Fragment key={i}>
      {pair}
      {i < pairs.length - 1 && (
        <>
          :<wbr />
        </>
      )}
    </Fragment>
  ))
}
