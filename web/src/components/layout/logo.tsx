import { Link } from 'react-router-dom';

export const Logo = () => (
  <Link to="/" className="flex items-center gap-2 font-bold text-lg text-foreground" aria-label="Hub — início">
    <img src="/favicon.svg" alt="" className="size-8" />
    <span>Hub</span>
  </Link>
);
