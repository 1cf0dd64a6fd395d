import { type ComponentProps, forwardRef } from 'react'
import { styled } from '../../../styled-system/jsx'
import { button } from '../../../styled-system/recipes/button'

const StyledButton = styled('button', button)

export type ButtonProps = ComponentProps<typeof StyledButton>

/** A `<button>` styled by the `button` recipe; `type` defaults to 'button' (pass type="submit" in forms). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ type = 'button', ...props }, ref) {
  return <StyledButton ref={ref} type={type} {...props} />
})
