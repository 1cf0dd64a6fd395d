import * as v from 'valibot'

// API monitor assertions: status, a JSON value at a path, a header, or the response time, compared with
// a value. Evaluated by the server on each response; the form validates them with the same schema.

export const ASSERTION_TYPES = ['status', 'json', 'header', 'response_time'] as const
export const ASSERTION_OPERATORS = ['equals', 'not_equals', 'contains', 'less_than', 'greater_than'] as const
export type AssertionType = (typeof ASSERTION_TYPES)[number]
export type AssertionOperator = (typeof ASSERTION_OPERATORS)[number]

const PATH_PART = /^(?:\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\['([^']*)'\]|\["([^"]*)"\])/

/** The steps of a JSON path such as `$.a.b[0]` or `$['a key']`, or a message saying what is wrong. */
export const parseJsonPath = (path: string): (string | number)[] | string => {
  const text = path.trim()
  if (!text.startsWith('$')) return 'A JSON path starts with $, such as $.status or $.items[0].id.'
  const steps: (string | number)[] = []
  let rest = text.slice(1)
  while (rest.length > 0) {
    const m = PATH_PART.exec(rest)
    if (!m) return `"${text}" is not a JSON path this monitor understands: use $.a.b, $.list[0] or $['a key'].`
    if (m[2] !== undefined) steps.push(Number(m[2]))
    else steps.push((m[1] ?? m[3] ?? m[4]) as string)
    rest = rest.slice(m[0].length)
  }
  return steps
}

export const readJsonPath = (
  root: unknown,
  steps: readonly (string | number)[],
): { found: boolean; value?: unknown } => {
  let node = root
  for (const step of steps) {
    if (Array.isArray(node)) {
      if (step === 'length') node = node.length
      else if (typeof step === 'number' && step < node.length) node = node[step]
      else return { found: false }
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, String(step))) {
      node = (node as Record<string, unknown>)[String(step)]
    } else return { found: false }
  }
  return { found: true, value: node }
}

export const Assertion = v.pipe(
  v.object({
    type: v.picklist(ASSERTION_TYPES, 'Assertion type must be status, json, header or response_time.'),
    path: v.optional(v.pipe(v.string('Path must be text.'), v.trim(), v.maxLength(200, 'Path is too long.')), ''),
    operator: v.picklist(
      ASSERTION_OPERATORS,
      'Operator must be equals, not_equals, contains, less_than or greater_than.',
    ),
    value: v.pipe(
      v.union([v.string(), v.number(), v.boolean()], 'Value must be text or a number.'),
      v.transform(String),
      v.maxLength(500, 'Value is too long.'),
    ),
  }),
  v.forward(
    v.check(
      (a) => (a.type === 'json' || a.type === 'header' ? a.path !== '' : true),
      'A JSON or header assertion needs a path: a JSON path such as $.status, or a header name.',
    ),
    ['path'],
  ),
  v.forward(
    v.check((a) => a.type !== 'json' || typeof parseJsonPath(a.path) !== 'string', 'Use a JSON path such as $.a.b.'),
    ['path'],
  ),
  v.forward(
    v.check(
      (a) => a.type !== 'header' || /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(a.path),
      'A header name has letters, digits and hyphens only.',
    ),
    ['path'],
  ),
  v.forward(
    v.check(
      (a) =>
        (a.type === 'status' || a.type === 'response_time') && a.operator !== 'contains' ? isNumeric(a.value) : true,
      'Compare a status or response time with a number.',
    ),
    ['value'],
  ),
)
export type Assertion = v.InferOutput<typeof Assertion>

/** What an assertion looks at: one HTTP response. */
export interface ResponseFacts {
  status: number
  /** Header names in lower case. */
  headers: Readonly<Record<string, string>>
  body: string
  responseMs: number
}

function isNumeric(text: string): boolean {
  return text.trim() !== '' && Number.isFinite(Number(text))
}

const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value))
const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

const OPERATOR_WORDS: Record<AssertionOperator, string> = {
  equals: 'to equal',
  not_equals: 'not to equal',
  contains: 'to contain',
  less_than: 'to be less than',
  greater_than: 'to be greater than',
}

const compare = (actual: unknown, operator: AssertionOperator, expected: string): boolean => {
  const text = textOf(actual)
  const numeric = isNumeric(expected) && (typeof actual === 'number' || (typeof actual === 'string' && isNumeric(text)))
  switch (operator) {
    case 'equals':
      return numeric ? Number(text) === Number(expected) : text === expected
    case 'not_equals':
      return numeric ? Number(text) !== Number(expected) : text !== expected
    case 'contains':
      return Array.isArray(actual) ? actual.some((item) => textOf(item) === expected) : text.includes(expected)
    case 'less_than':
      return numeric && Number(text) < Number(expected)
    case 'greater_than':
      return numeric && Number(text) > Number(expected)
  }
}

/** null when the assertion holds; otherwise a sentence saying what was found and what was expected. */
export const failedAssertion = (assertion: Assertion, response: ResponseFacts, json?: () => unknown): string | null => {
  const { type, path, operator, value } = assertion
  let actual: unknown
  let subject: string
  switch (type) {
    case 'status':
      actual = response.status
      subject = 'Status'
      break
    case 'response_time':
      actual = response.responseMs
      subject = 'Response time (ms)'
      break
    case 'header': {
      const header = response.headers[path.toLowerCase()]
      if (header === undefined)
        return `Header ${path} is missing, expected it ${OPERATOR_WORDS[operator]} ${show(value)}.`
      actual = header
      subject = `Header ${path}`
      break
    }
    case 'json': {
      const steps = parseJsonPath(path)
      if (typeof steps === 'string') return steps
      let root: unknown
      try {
        root = json ? json() : JSON.parse(response.body)
      } catch {
        return `The response is not JSON, so ${path} cannot be read.`
      }
      const read = readJsonPath(root, steps)
      if (!read.found) return `JSON ${path} is missing, expected it ${OPERATOR_WORDS[operator]} ${show(value)}.`
      actual = read.value
      subject = `JSON ${path}`
      break
    }
  }
  if (compare(actual, operator, value)) return null
  return `${subject} is ${show(actual)}, expected it ${OPERATOR_WORDS[operator]} ${show(value)}.`
}
