import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
// The first render is a transition: React renders it in slices that yield to the browser every few
// milliseconds instead of one long task, which a phone's slower CPU turns into a blocked page
// (Lighthouse's total blocking time).
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
