/**
 * A form's refusal that belongs to none of its fields, announced as it appears; nothing without
 * one.
 */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="notice notice--error" role="alert">
      {message}
    </p>
  ) : null
}
