import { Fragment } from 'react';

/**
 * An e-mail address that a narrow screen may wrap only before its `@` and its dots (a <wbr> there),
 * never in the middle of a word; use it inside an element with `break-words`, which breaks a part
 * mid-word only when that part alone is wider than the line.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one address never change order: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
