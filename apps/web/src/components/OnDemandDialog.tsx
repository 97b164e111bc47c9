import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * A dialog whose code loads the first time it is opened (a `lazy` component inside `render`):
 * pages that never open it never evaluate it. Once loaded it mounts closed and opens one render
 * later, so it plays the same opening transition as a dialog that was always mounted.
 */
export function OnDemandDialog({
  opened,
  render,
}: {
  opened: boolean;
  render: (opened: boolean) => ReactNode;
}) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Mounted opened={opened} render={render} />
    </Suspense>
  );
}

function Mounted({ opened, render }: { opened: boolean; render: (opened: boolean) => ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return render(opened && ready);
}
