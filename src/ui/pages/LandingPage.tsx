import type { PlanList } from '@vigil/domain/plan'
import { useEffect, useState } from 'react'
import { css } from '../../../styled-system/css'
import { api } from '../../adapters/api.ts'
import { ProductPreview } from './landing/ProductPreview.tsx'

const price = (cents: number, per: string) => (cents === 0 ? 'Free' : `$${(cents / 100).toFixed(0)} / ${per}`)

const action = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '5',
  py: '2.5',
  rounded: 'md',
  fontWeight: 'semibold',
  _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
})
const solid = css({ bg: 'primary', color: 'white', _hover: { bg: 'primaryHover' } })
const outline = css({ borderWidth: '1px', borderColor: 'primary', color: 'primary', bg: 'surface' })
const contactLink = css({ color: 'primary', fontWeight: 'semibold', textDecoration: 'underline' })

export function LandingPage() {
  const [info, setInfo] = useState<PlanList | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    api.planList().then(setInfo, () => setFailed(true))
  }, [])
  const plans = info?.plans ?? null

  return (
    <div className={css({ minH: '100vh', bg: 'canvas', color: 'gray.900' })}>
      <header
        className={css({
          h: 'topbar',
          px: '6',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          bg: 'primary',
          color: 'white',
        })}
      >
        <strong>Vigil</strong>
        <nav className={css({ display: 'flex', gap: '4', alignItems: 'center' })}>
          <a href="#about">About</a>
          <a href="#pricing">Pricing</a>
          <a href="#contact">Contact</a>
          <a
            href="/login"
            className={css({ bg: 'white', color: 'primary', px: '3', py: '1', rounded: 'md', fontWeight: 'semibold' })}
          >
            Login
          </a>
        </nav>
      </header>
      <main className={css({ maxW: '5xl', mx: 'auto', px: '6', py: '10', display: 'grid', gap: '12' })}>
        <section
          id="home"
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1.1fr)' },
            gap: '10',
            alignItems: 'center',
          })}
        >
          <div className={css({ display: 'grid', gap: '4' })}>
            <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', lineHeight: 'tight' })}>
              Know before your users do.
            </h1>
            <p className={css({ fontSize: 'lg', color: 'gray.700' })}>
              Websites, APIs, ports, ping, DNS, SSL certificates, domains and blacklists, watched around the clock, with
              status pages your customers trust.
            </p>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '2' })}>
              <a href="/register?plan=basic" className={`${action} ${solid}`}>
                Start free
              </a>
              <a href="/login" className={`${action} ${outline}`}>
                Sign in
              </a>
            </div>
          </div>
          <ProductPreview />
        </section>
        <section id="about">
          <h2 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>About</h2>
          <p>Checks confirm a failure before they alert, so you hear about real outages and nothing else.</p>
        </section>
        <section id="pricing" aria-busy={plans === null && !failed}>
          <h2 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Pricing</h2>
          {failed && <p role="alert">Prices could not be loaded. Refresh the page to try again.</p>}
          {!plans && !failed && <p>Loading...</p>}
          <div
            className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '6', mt: '4' })}
          >
            {plans?.map((plan) => (
              <article key={plan.plan_id} className={css({ bg: 'surface', p: '6', rounded: 'lg', shadow: 'sm' })}>
                <h3 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{plan.title}</h3>
                <p>{plan.description}</p>
                <p>
                  {price(plan.price_monthly_cents, 'month')}
                  {plan.price_yearly_cents > 0 && ` or ${price(plan.price_yearly_cents, 'year')}`}
                </p>
                <p>
                  Up to {plan.limits.max_monitors} monitors, checked every {plan.limits.min_interval_seconds} s
                  {plan.trial_days > 0 && `; ${plan.trial_days}-day free trial, no payment needed`}
                </p>
                <a
                  href={`/register?plan=${plan.trial_days > 0 ? 'pro-trial' : 'basic'}`}
                  className={css({
                    display: 'inline-block',
                    mt: '4',
                    bg: 'primary',
                    color: 'white',
                    px: '4',
                    py: '2',
                    rounded: 'md',
                    fontWeight: 'semibold',
                    _hover: { bg: 'primaryHover' },
                  })}
                >
                  {plan.trial_days > 0 ? `Start the ${plan.trial_days}-day free trial` : 'Start free'}
                </a>
              </article>
            ))}
          </div>
        </section>
        <section id="contact">
          <h2 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Contact</h2>
          {info?.contact_email ? (
            <p>
              Questions about the product? Write to{' '}
              <a href={`mailto:${info.contact_email}`} className={contactLink}>
                {info.contact_email}
              </a>
              . Signed in, you can also{' '}
              <a href="/support" className={contactLink}>
                open a support request
              </a>
              .
            </p>
          ) : (
            <p>
              Questions about the product?{' '}
              <a href="/support" className={contactLink}>
                Open a support request
              </a>{' '}
              (after signing in): the operators of this server answer there.
            </p>
          )}
        </section>
      </main>
    </div>
  )
}
