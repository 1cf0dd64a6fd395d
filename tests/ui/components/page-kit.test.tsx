// @vitest-environment jsdom
import './setup-dom.ts'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Alert, Button, Card, Chip, EmptyState, PageHeader, Table } from '../../../src/ui/components/index.ts'
import { seriousViolations } from './axe.ts'

// The parts the pages are built from (Ark has none of them: plain elements with a Panda slot recipe each).

describe('PageHeader', () => {
  it('is the page’s h1 with its description and actions', async () => {
    render(
      <main>
        <section aria-labelledby="monitors-title">
          <PageHeader.Root>
            <PageHeader.Content>
              <PageHeader.Title id="monitors-title">Website Monitoring</PageHeader.Title>
              <PageHeader.Description>Your websites, checked every minute.</PageHeader.Description>
            </PageHeader.Content>
            <PageHeader.Actions>
              <Button>Create monitor</Button>
            </PageHeader.Actions>
          </PageHeader.Root>
        </section>
      </main>,
    )
    const title = screen.getByRole('heading', { level: 1, name: 'Website Monitoring' })
    expect(title.className).toContain('pageHeader__title')
    expect(screen.getByRole('region', { name: 'Website Monitoring' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Create monitor' }).parentElement?.className).toContain(
      'pageHeader__actions',
    )
    expect(await seriousViolations(document.body)).toEqual([])
  })
})

describe('Card', () => {
  it('becomes the element the page needs, with its size', async () => {
    render(
      <ul>
        <Card.Root as="li" size="sm" aria-labelledby="c1">
          <Card.Header>
            <Card.Title id="c1">Ops on Slack</Card.Title>
            <Card.Description>Slack · #ops</Card.Description>
          </Card.Header>
          <Card.Footer>
            <Button size="sm">Edit</Button>
          </Card.Footer>
        </Card.Root>
      </ul>,
    )
    const item = screen.getByRole('listitem', { name: 'Ops on Slack' })
    expect(item.className.split(' ')).toEqual(expect.arrayContaining(['card__root', 'card__root--size_sm']))
    expect(within(item).getByRole('heading', { level: 2, name: 'Ops on Slack' })).toBeTruthy()
    expect(await seriousViolations(document.body)).toEqual([])
  })
})

describe('Alert', () => {
  it('takes the role the page gives it and the colour of its status', () => {
    render(
      <>
        <Alert.Root role="alert">
          <Alert.Description>Could not load your monitors.</Alert.Description>
          <Button size="sm">Try again</Button>
        </Alert.Root>
        <Alert.Root role="note" status="warning">
          <Alert.Description>It will not be shown again.</Alert.Description>
        </Alert.Root>
      </>,
    )
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Could not load your monitors.Try again')
    expect(alert.className).toContain('alert__root--status_error')
    expect(screen.getByRole('note').className).toContain('alert__root--status_warning')
  })
})

describe('EmptyState', () => {
  it('says what would be here and offers the first one', async () => {
    render(
      <EmptyState.Root variant="card">
        <EmptyState.Title>No monitors yet</EmptyState.Title>
        <EmptyState.Description>Add a website to hear when it goes down.</EmptyState.Description>
        <EmptyState.Actions>
          <Button>Create monitor</Button>
        </EmptyState.Actions>
      </EmptyState.Root>,
    )
    expect(screen.getByRole('heading', { name: 'No monitors yet' }).className).toContain('emptyState__title')
    expect(screen.getByRole('button', { name: 'Create monitor' })).toBeTruthy()
    expect(await seriousViolations(document.body)).toEqual([])
  })
})

describe('Table', () => {
  it('is a table in a keyboard-reachable scroll region, with badges and row actions in its cells', async () => {
    render(
      <Table.Scroll tabIndex={0} aria-label="Monitors table">
        <Table.Root>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">Name</Table.Header>
              <Table.Header scope="col">Status</Table.Header>
              <Table.Header scope="col">
                <span className="sr-only">Actions</span>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            <Table.Row>
              <Table.Cell>Shop</Table.Cell>
              <Table.Cell>
                <Chip tone="success">Up</Chip>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Button size="sm" aria-label="Pause Shop">
                  Pause
                </Button>
              </Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Table.Scroll>,
    )
    const region = screen.getByRole('region', { name: 'Monitors table' })
    expect(region.className).toContain('table__scroll')
    expect(within(region).getAllByRole('row')).toHaveLength(2)
    expect(within(region).getByRole('columnheader', { name: 'Name' }).className).toContain('table__header')
    expect(within(region).getByRole('cell', { name: 'Up' }).className).toContain('table__cell')
    expect(within(region).getByRole('button', { name: 'Pause Shop' })).toBeTruthy()
    expect(await seriousViolations(document.body)).toEqual([])
  })
})
