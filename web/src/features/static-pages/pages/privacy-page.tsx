import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '@/lib/format';
import { LegalPage, type LegalSection } from '../components/legal-page';
import { usePageTitle } from '@/lib/use-page-title';

// Spec "Static pages": ten numbered sections, today's date as the last update.
const SECTIONS: LegalSection[] = [
  {
    title: 'Introdução',
    body: (
      <p>
        Esta política explica quais dados pessoais o Hub coleta, por que, com quem os compartilha e como você exerce seus direitos previstos na Lei Geral de
        Proteção de Dados (LGPD).
      </p>
    ),
  },
  {
    title: 'Dados Coletados',
    body: (
      <p>
        Nome, e-mail, telefone e, se você informar no perfil, CPF ou CNPJ, RG, endereço e foto; suas reservas, pagamentos e códigos de acesso; e dados técnicos
        como endereço IP e horários de acesso.
      </p>
    ),
  },
  {
    title: 'Uso dos Dados',
    body: (
      <p>
        Usamos seus dados para criar e proteger sua conta, processar reservas e pagamentos, liberar o acesso aos lockers, enviar comunicações importantes (como
        a recuperação de senha) e cumprir obrigações legais.
      </p>
    ),
  },
  {
    title: 'Compartilhamento',
    body: (
      <p>
        Compartilhamos apenas o necessário com processadores de pagamento, provedores de e-mail e de infraestrutura, e com autoridades quando a lei exigir. Não
        vendemos seus dados.
      </p>
    ),
  },
  {
    title: 'Segurança',
    body: (
      <p>
        Senhas são guardadas apenas como hash (argon2), links de recuperação valem uma única vez por 1 hora, e o acesso aos dados é restrito a quem precisa
        deles para operar o serviço.
      </p>
    ),
  },
  {
    title: 'Retenção',
    body: (
      <p>
        Mantemos seus dados enquanto sua conta existir. Ao excluir a conta, apagamos seus dados pessoais; o histórico das reservas permanece apenas com um
        identificador, sem nome, e-mail, telefone ou documentos.
      </p>
    ),
  },
  {
    title: 'Direitos do Titular',
    body: (
      <p>
        Você pode acessar, corrigir, baixar ("Baixar meus dados") e excluir seus dados ("Excluir minha conta") no seu{' '}
        <Link to="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
          perfil
        </Link>
        , além de revogar consentimentos e pedir informações sobre o compartilhamento.
      </p>
    ),
  },
  {
    title: 'Cookies',
    body: (
      <p>Usamos o armazenamento local do navegador para manter sua sessão e suas preferências (como a chave do mapa). Não usamos cookies de publicidade.</p>
    ),
  },
  {
    title: 'Alterações desta Política',
    body: (
      <p>
        Podemos atualizar esta política; a data da última atualização aparece no topo da página. Mudanças relevantes serão comunicadas pela plataforma ou por
        e-mail.
      </p>
    ),
  },
  {
    title: 'Contato',
    body: (
      <p>
        Para exercer seus direitos ou tirar dúvidas, fale com nosso encarregado de dados pela página{' '}
        <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
          Contato
        </Link>
        .
      </p>
    ),
  },
];

export default function PrivacyPage() {
  usePageTitle('Política de privacidade');
  const [today] = useState(() => formatDate(new Date()));
  return (
    <LegalPage
      title="Política de Privacidade"
      updated={today}
      intro="Sua privacidade importa. Veja como cuidamos dos seus dados pessoais."
      sections={SECTIONS}
    />
  );
}
