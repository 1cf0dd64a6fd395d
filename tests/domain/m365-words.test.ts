import { describe, expect, it } from 'vitest'
import { postText, serviceStatusWords } from '@vigil/domain/m365'

describe('Microsoft 365 service health in words', () => {
  it('names each status as the admin center does', () => {
    expect(serviceStatusWords('serviceOperational')).toBe('Operational')
    expect(serviceStatusWords('serviceDegradation')).toBe('Degraded')
    expect(serviceStatusWords('extendedRecovery')).toBe('Extended recovery')
    expect(serviceStatusWords('investigationSuspended')).toBe('Investigation suspended')
  })

  it('reads a post as text: lines for paragraphs and breaks, entities decoded, tags and scripts dropped', () => {
    const html =
      '<div>Start&nbsp;time: 08:00<br/>Scope &lt;all&gt; &#x1F600;&#8212;ok</div><style>p{}</style><p>Next</p>'
    expect(postText({ content: html, contentType: 'html' })).toBe('Start time: 08:00\nScope <all> 😀—ok\nNext')
    expect(postText({ content: '  <b>as typed</b> ', contentType: 'text' })).toBe('<b>as typed</b>')
  })
})
