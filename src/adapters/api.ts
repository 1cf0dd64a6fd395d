import { ofetch } from 'ofetch'
import * as v from 'valibot'
import { Plan } from '../domain/plan.ts'

// One client for the whole app: base /api/, credentials on every call, every answer parsed by a domain schema.
export const http = ofetch.create({ baseURL: '/api/', credentials: 'include' })

const envelope = <S extends v.GenericSchema>(schema: S) => v.object({ data: schema })

export const fetchPlans = async (): Promise<Plan[]> =>
  v.parse(envelope(v.object({ plans: v.array(Plan) })), await http('plans')).data.plans
