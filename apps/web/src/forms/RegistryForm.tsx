import { useEffect, useRef, useState } from 'react';
import { Form } from './Form';
import { formNow, loadForm } from './definitions';
import type { FormContext } from './registry';

/**
 * A form of the registry by id. A form whose area is not loaded yet says so in a line while it
 * loads; the form then opens as any other, its first field focused. If it cannot be loaded the
 * form closes and says why.
 */
export function RegistryForm({
  id,
  ctx,
  onClose,
  onTyped,
}: {
  id: string;
  ctx: FormContext;
  onClose: () => void;
  onTyped?: () => void;
}) {
  const [def, setDef] = useState(() => formNow(id));
  // What the form opened with; a later render's props must not load it again.
  const opened = useRef({ ctx, onClose });
  useEffect(() => {
    if (def) return;
    let live = true;
    const { ctx, onClose } = opened.current;
    loadForm(id).then(
      (loaded) => {
        if (!live) return;
        if (loaded) setDef(loaded);
        else onClose();
      },
      () => {
        if (!live) return;
        ctx.alert('Could not load the form. Check the connection and try again.');
        onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [id, def]);
  if (!def) return <FormLoading />;
  return <Form def={def} ctx={ctx} onClose={onClose} onTyped={onTyped} />;
}

/** What the form bar shows while a form loads: one line, in the form's place. */
export function FormLoading() {
  return (
    <div className="input-form form-loading" role="status">
      Loading the form…
    </div>
  );
}
