import { checkForm } from '@vigil/domain/form-validation'
import {
  MaintenanceInput,
  MarkdownPreviewInput,
  PublishOutageText,
  Slug,
  StatusIncidentInput,
  StatusIncidentUpdateInput,
  StatusPageInput,
  StatusPagePatch,
} from '@vigil/domain/status-page.schema'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'

const errorsOf = (schema: v.GenericSchema, value: unknown) => {
  const result = checkForm(schema, value)
  if (result.ok) throw new Error(`expected ${JSON.stringify(value)} to be refused`)
  return result.errors
}
const HINT = 'The public id takes lower-case letters, digits and hyphens, and starts and ends with a letter or digit.'

describe('status page inputs', () => {
  describe('the public id (slug)', () => {
    it.each([
      ['acme', 'acme'],
      ['ACME-Status', 'acme-status'],
      ['  acme  ', 'acme'],
      ['a1b', 'a1b'],
      ['status-2026', 'status-2026'],
      ['a'.repeat(60), 'a'.repeat(60)],
      // Reserved words are whole ids only.
      ['api-status', 'api-status'],
    ])('takes %j as %j', (input, output) => {
      expect(v.parse(Slug, input)).toBe(output)
    })

    it.each([
      ['ab', 'The public id must be at least 3 characters.'],
      ['a'.repeat(61), 'The public id must be at most 60 characters.'],
      ['-acme', HINT],
      ['acme-', HINT],
      ['ac me', HINT],
      ['acme_status', HINT],
      ['acmé', HINT],
      ['acme/x', HINT],
      ['api', '"api" is reserved: choose another public id.'],
      ['Status', '"status" is reserved: choose another public id.'],
      ['admin', '"admin" is reserved: choose another public id.'],
      [42, 'The public id is required.'],
    ])('refuses %j: %s', (input, message) => {
      const result = v.safeParse(Slug, input)
      expect(result.success).toBe(false)
      expect(result.issues?.[0]?.message).toBe(message)
    })
  })

  describe('a new page', () => {
    it('fills the defaults and keeps the components in order', () => {
      const page = v.parse(StatusPageInput, {
        name: ' Acme ',
        slug: 'Acme',
        components: [
          { monitor_id: 'm2', display_name: ' Website ', group: ' Public ' },
          { monitor_id: 'm1', display_name: 'API' },
        ],
      })
      expect(page).toEqual({
        name: 'Acme',
        slug: 'acme',
        description: '',
        logo_url: null,
        show_response_times: false,
        published: false,
        components: [
          { monitor_id: 'm2', display_name: 'Website', group: 'Public' },
          { monitor_id: 'm1', display_name: 'API', group: '' },
        ],
      })
    })

    it.each([
      [{ name: '' }, 'name', 'Name is required.'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters.'],
      [{ slug: undefined }, 'slug', 'The public id is required.'],
      [{ description: 'x'.repeat(2001) }, 'description', 'Description must be at most 2000 characters.'],
      [{ description: 5 }, 'description', 'Description must be text.'],
      [{ logo_url: 'javascript:alert(1)' }, 'logo_url', 'The logo URL must start with https://.'],
      [{ published: 'yes' }, 'published', 'Published must be true or false.'],
      [{ show_response_times: 1 }, 'show_response_times', 'Show response times must be true or false.'],
      [{ components: {} }, 'components', 'Components must be a list.'],
      [{ components: [{ display_name: 'A' }] }, 'components.0.monitor_id', 'Monitor id is required.'],
      [
        { components: [{ monitor_id: 'm1', display_name: ' ' }] },
        'components.0.display_name',
        'Public name is required.',
      ],
      [
        { components: [{ monitor_id: 'm1', display_name: 'A', group: 'g'.repeat(101) }] },
        'components.0.group',
        'Group must be at most 100 characters.',
      ],
      [
        {
          components: [
            { monitor_id: 'm1', display_name: 'A' },
            { monitor_id: 'm1', display_name: 'B' },
          ],
        },
        'components',
        'Each monitor can be on a page once.',
      ],
    ])('refuses %j at %s', (over, field, message) => {
      expect(errorsOf(StatusPageInput, { name: 'Acme', slug: 'acme', ...over })[field]).toBe(message)
    })

    it('takes a logo URL or none', () => {
      expect(v.parse(StatusPageInput, { name: 'A', slug: 'acme', logo_url: null }).logo_url).toBeNull()
      expect(
        v.parse(StatusPageInput, { name: 'A', slug: 'acme', logo_url: 'https://cdn.example.com/l.png' }).logo_url,
      ).toBe('https://cdn.example.com/l.png')
    })
  })

  describe('a change to a page', () => {
    it('holds only the fields given, with no defaults filled in; one must be given', () => {
      expect(errorsOf(StatusPagePatch, {})).toEqual({ _: 'Nothing to change.' })
      expect(v.parse(StatusPagePatch, { name: 'New' })).toEqual({ name: 'New' })
      expect(v.parse(StatusPagePatch, { slug: 'NEW-id', components: [] })).toEqual({ slug: 'new-id', components: [] })
      expect(v.parse(StatusPagePatch, { logo_url: null })).toEqual({ logo_url: null })
    })

    it('refuses fields a page does not have, and bad values', () => {
      expect(errorsOf(StatusPagePatch, { name: 'New', user_id: 'u2' })).toEqual({
        user_id: 'This field is not part of a status page.',
      })
      expect(errorsOf(StatusPagePatch, { slug: 'api' }).slug).toBe('"api" is reserved: choose another public id.')
      expect(errorsOf(StatusPagePatch, { name: null }).name).toBe('Name is required.')
    })
  })

  describe('incidents', () => {
    it('reads a posted incident with its defaults', () => {
      expect(v.parse(StatusIncidentInput, { title: ' Slow checkout ', message: ' Looking into it. ' })).toEqual({
        title: 'Slow checkout',
        message: 'Looking into it.',
        status: 'investigating',
        impact: 'minor',
        component_ids: [],
      })
    })

    it('reads a publish by the engine incident it names, with the words reviewed or without', () => {
      expect(v.parse(StatusIncidentInput, { from_incident_id: 'i1' })).toEqual({ from_incident_id: 'i1' })
      expect(
        v.parse(StatusIncidentInput, { from_incident_id: 'i1', title: ' API is down ', message: ' Looking. ' }),
      ).toEqual({ from_incident_id: 'i1', title: 'API is down', message: 'Looking.' })
      // The review dialog's form checks the same words with the same messages.
      expect(errorsOf(PublishOutageText, { title: '', message: 'x'.repeat(5001) })).toEqual({
        title: 'Title is required.',
        message: 'Message must be at most 5000 characters.',
      })
      expect(v.parse(MarkdownPreviewInput, { markdown: '**a**' })).toEqual({ markdown: '**a**' })
      expect(errorsOf(MarkdownPreviewInput, { markdown: 'x'.repeat(5001) })).toEqual({
        markdown: 'Text must be at most 5000 characters.',
      })
    })

    it.each([
      [{}, { title: 'Title is required.', message: 'Message is required.' }],
      [{ title: 'Down' }, { message: 'Message is required.' }],
      [{ title: 'Down', message: '  ' }, { message: 'Message is required.' }],
      [{ title: 'x'.repeat(201), message: 'm' }, { title: 'Title must be at most 200 characters.' }],
      [
        { title: 'Down', message: 'm', status: 'fixed' },
        {
          status: 'Status must be investigating, identified, monitoring or resolved.',
        },
      ],
      [{ title: 'Down', message: 'm', impact: 'critical' }, { impact: 'Impact must be minor or major.' }],
      [{ title: 'Down', message: 'm', component_ids: 'c1' }, { component_ids: 'Components must be a list.' }],
      [{ title: 'Down', message: 'x'.repeat(5001) }, { message: 'Message must be at most 5000 characters.' }],
      [{ from_incident_id: 7 }, { from_incident_id: 'Choose the incident to publish.' }],
      [{ from_incident_id: '' }, { from_incident_id: 'Choose the incident to publish.' }],
      [
        { from_incident_id: 'i1', title: '', message: ' ' },
        { title: 'Title is required.', message: 'Message is required.' },
      ],
      [{ from_incident_id: 'i1', title: 'x'.repeat(201) }, { title: 'Title must be at most 200 characters.' }],
      [{ from_incident_id: 'i1', message: 'x'.repeat(5001) }, { message: 'Message must be at most 5000 characters.' }],
    ])('refuses %j with a message per field', (body, errors) => {
      expect(errorsOf(StatusIncidentInput, body)).toEqual(errors)
    })

    it('reads an update: a status and a message', () => {
      expect(v.parse(StatusIncidentUpdateInput, { status: 'resolved', message: 'Fixed.' })).toEqual({
        status: 'resolved',
        message: 'Fixed.',
      })
      expect(errorsOf(StatusIncidentUpdateInput, { message: 'Fixed.' }).status).toBe('Status is required.')
      expect(errorsOf(StatusIncidentUpdateInput, { status: 'resolved', message: '' }).message).toBe(
        'Message is required.',
      )
    })
  })

  describe('maintenance', () => {
    const window = { title: 'Database upgrade', starts_at: '2026-12-01T22:00:00Z', ends_at: '2026-12-01T23:00:00Z' }

    it('reads a window with its defaults', () => {
      expect(v.parse(MaintenanceInput, window)).toEqual({ ...window, description: '', component_ids: [] })
      // Any offset: the times name instants.
      expect(v.parse(MaintenanceInput, { ...window, ends_at: '2026-12-02T00:30:00+01:00' }).ends_at).toBe(
        '2026-12-02T00:30:00+01:00',
      )
      // Up to 14 days.
      expect(v.parse(MaintenanceInput, { ...window, ends_at: '2026-12-15T22:00:00Z' }).title).toBe('Database upgrade')
    })

    it.each([
      [{ ends_at: window.starts_at }, { ends_at: 'The end must come after the start.' }],
      [{ ends_at: '2026-12-01T21:00:00Z' }, { ends_at: 'The end must come after the start.' }],
      // 22:00 UTC is 23:30 at +01:30: the same moment, not after.
      [{ ends_at: '2026-12-01T23:30:00+01:30' }, { ends_at: 'The end must come after the start.' }],
      [{ ends_at: '2026-12-15T22:00:01Z' }, { ends_at: 'A maintenance window lasts at most 14 days.' }],
      // A bad start is reported once, at the start.
      [{ starts_at: 'tonight' }, { starts_at: 'Start must be a date and time, such as 2026-12-01T22:00:00Z.' }],
      [{ starts_at: '2026-12-01' }, { starts_at: 'Start must be a date and time, such as 2026-12-01T22:00:00Z.' }],
      [
        { starts_at: '2026-02-31T22:00:00Z', ends_at: '2026-03-01T22:00:00Z' },
        { starts_at: 'Start must be a date and time, such as 2026-12-01T22:00:00Z.' },
      ],
      [
        { ends_at: '2026-12-01T23:00:00+05' },
        { ends_at: 'End must be a date and time, such as 2026-12-01T23:00:00Z.' },
      ],
      [{ title: '' }, { title: 'Title is required.' }],
      [{ component_ids: ['c1', 5] }, { 'component_ids.1': 'A component id must be text.' }],
    ])('refuses %j', (over, errors) => {
      expect(errorsOf(MaintenanceInput, { ...window, ...over })).toEqual(errors)
    })
  })
})
