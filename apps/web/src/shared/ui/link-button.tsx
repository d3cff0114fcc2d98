import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonClass } from './button';

// Its own module, not button.tsx: the pre-rendered landing uses buttons but not the router, and a
// static import of react-router from button.tsx would put the router into the landing's download.
export interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
}

export function LinkButton({
  variant = 'primary',
  size = 'md',
  icon,
  className,
  children,
  ...props
}: LinkButtonProps) {
  return (
    <Link
      className={buttonClass(variant, size, typeof className === 'string' ? className : undefined)}
      {...props}
    >
      {icon}
      {children}
    </Link>
  );
}
