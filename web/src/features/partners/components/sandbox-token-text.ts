import FlaskConical from 'lucide-react/icons/flask-conical';
import type { TokenCardText } from './token-card';

// The sandbox token's card (docs/sandbox.md): the same card as the live token's, its own words.
export const SANDBOX_TOKEN_TEXT: TokenCardText = {
  title: 'Token de teste (sandbox)',
  icon: FlaskConical,
  none: 'Nenhum token de teste gerado. Com ele, a API de parceiros roda só nos Hubs de teste: nada é reservado nem cobrado de verdade.',
  active: 'Token de teste ativo terminado em',
  generate: 'Gerar token de teste',
  regenerate: 'Regenerar token de teste',
  generated: 'Token de teste gerado com sucesso',
  copyLabel: 'Copie o token de teste agora: ele não será mostrado de novo.',
  copyButton: 'Copiar token de teste',
  regenerateNote: 'Regenerar revoga o token de teste atual na hora; o token de API não muda.',
};
