export interface User {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: 'user' | 'admin' | 'logistics' | 'maintenance' | 'partner';
  isAdmin: boolean;
  avatar_url: string | null;
}

export interface Session {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  token_type: string;
  user: { id: string; email: string; phone: string | null };
}

export interface AuthResponse {
  data: { session: Session };
  user: User;
  token: string;
}
