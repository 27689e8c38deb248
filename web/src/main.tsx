import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { z } from 'zod';
import { Providers } from './app/providers';
import { router } from './app/router';
import './styles.css';

// zod probes for eval with Function(''); the CSP forbids eval, so the probe is skipped.
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
