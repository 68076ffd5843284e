import { type FormEvent, useState } from 'react';

/** A field's check: the text to show, or undefined when the value passes. Sees every value. */
export type FieldCheck<Values> = (value: string, values: Values) => string | undefined;

/** The text fields of a form that are checked, each with its check. */
export type FieldChecks<Values> = Partial<Record<TextFieldOf<Values>, FieldCheck<Values>>>;

/** The names of a form's text fields. */
export type TextFieldOf<Values> = {
  [K in keyof Values]: Values[K] extends string ? K : never;
}[keyof Values] &
  string;

type Errors<Values> = Partial<Record<TextFieldOf<Values>, string>>;

/** What every check says of `values`: one text per failing field, in the checks' order. */
export function checkAll<Values>(values: Values, checks: FieldChecks<Values>): Errors<Values> {
  const errors: Errors<Values> = {};
  for (const name of Object.keys(checks) as TextFieldOf<Values>[]) {
    const problem = checks[name]?.(values[name] as string, values);
    if (problem) errors[name] = problem;
  }
  return errors;
}

/** The props a text field of the form takes: its value, and the form's change and blur. */
export interface TextFieldProps {
  id: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
}

/**
 * The state of the login and register forms (decision 035: antd-mobile's Form with its validator
 * libraries was a third of /login's JavaScript). A field is checked when it loses focus, as
 * before; once it shows a problem it is checked again with every change, so the text goes as soon
 * as the value passes (and a repeat's "differ" text goes when the first password is corrected).
 * A submit checks every field, focuses the first that fails and hands on the values only when
 * none does.
 */
export function useAccountForm<Values extends object>(
  formId: string,
  initial: Values | (() => Values),
  checks: FieldChecks<Values>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<Values>>({});
  const idOf = (name: string) => `${formId}_${name}`;

  function set<K extends keyof Values>(name: K, value: Values[K]) {
    const next: Values = { ...values, [name]: value };
    setValues(next);
    // Only the texts already shown are checked again: typing never raises a new one.
    const shown = Object.keys(errors) as TextFieldOf<Values>[];
    if (shown.length === 0) return;
    const now = checkAll(next, checks);
    const still: Errors<Values> = {};
    for (const field of shown) if (now[field]) still[field] = now[field];
    setErrors(still);
  }

  function blur(name: TextFieldOf<Values>) {
    const problem = checks[name]?.(values[name] as string, values);
    setErrors((shown) => {
      if (shown[name] === problem) return shown;
      const next = { ...shown };
      if (problem) next[name] = problem;
      else delete next[name];
      return next;
    });
  }

  /** A text field's props, for {@link TextFieldProps}. */
  function text(name: TextFieldOf<Values>): TextFieldProps {
    return {
      id: idOf(name),
      value: values[name] as string,
      error: errors[name],
      onChange: (value) => set(name, value as Values[typeof name]),
      onBlur: () => blur(name),
    };
  }

  /** The form's submit handler: `onValid` runs with the values once every check passes. */
  function onSubmit(onValid: (values: Values) => void) {
    return (event: FormEvent) => {
      event.preventDefault();
      const found = checkAll(values, checks);
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first === undefined) onValid(values);
      else document.getElementById(idOf(first))?.focus();
    };
  }

  /** Back to `to` (the form's first values unless given), no problem shown: after a send that took. */
  function reset(to: Values = typeof initial === 'function' ? (initial as () => Values)() : initial) {
    setValues(to);
    setErrors({});
  }

  return { values, set, text, onSubmit, reset };
}
