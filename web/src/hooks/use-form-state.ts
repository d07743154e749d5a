import { useCallback, useState } from 'react';

/**
 * The state every submit form keeps: the field values, one error per field
 * (cleared when that field is edited), the form-level error from the server
 * and whether a submit is in flight.
 */
export function useFormState<F extends string, E extends string = string>(initial: Record<F, string> | (() => Record<F, string>)) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, E>>>({});
  const [serverError, setServerError] = useState('');
  const [pending, setPending] = useState(false);

  const update = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }, []);

  return { values, setValues, errors, setErrors, update, serverError, setServerError, pending, setPending };
}
