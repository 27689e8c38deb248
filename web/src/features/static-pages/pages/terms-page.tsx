import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../components/legal-page';
import { usePageTitle } from '@/lib/use-page-title';

// Spec "Static pages": ten sections (acceptance, description, account, use, payment,
// cancellations, liability, changes, governing law, contact); full refund over 24 h ahead.
const SECTIONS: LegalSection[] = [
  {
    title: 'Aceitação dos Termos',
    body: (
      <p>
        Ao criar uma conta ou usar o Hub, você concorda com estes Termos de Uso e com a nossa Política de Privacidade. Se não concordar, não use a plataforma.
      </p>
    ),
  },
  {
    title: 'Descrição do Serviço',
    body: (
      <p>
        O Hub permite encontrar pontos com lockers (Hubs), reservar um locker de um tamanho (P, M, G ou X) por hora, pagar e receber um código numérico
        temporário que abre o locker durante a reserva.
      </p>
    ),
  },
  {
    title: 'Cadastro e Conta',
    body: (
      <p>
        Você deve informar dados verdadeiros e mantê-los atualizados, guardar sua senha em sigilo e avisar-nos de qualquer uso não autorizado. Você responde
        pelas ações feitas com a sua conta.
      </p>
    ),
  },
  {
    title: 'Uso dos Lockers',
    body: (
      <p>
        É proibido guardar itens ilícitos, perigosos, perecíveis, animais ou valores acima do razoável. Os códigos de acesso são pessoais; retire seus itens até
        o fim da reserva. Itens deixados após o fim podem ser removidos pela equipe de logística.
      </p>
    ),
  },
  {
    title: 'Pagamento',
    body: (
      <p>
        O preço é o número de horas da reserva, arredondado para cima (toda hora iniciada é cobrada), vezes o valor por hora do locker, em reais. A reserva só é
        confirmada após o pagamento dentro do prazo indicado.
      </p>
    ),
  },
  {
    title: 'Cancelamentos e Reembolsos',
    body: (
      <p>
        Cancelamentos feitos com 24 horas ou mais de antecedência do início da reserva têm reembolso integral. Cancelamentos com menos de 24 horas de
        antecedência têm reembolso de 50% do valor pago, e depois do início o valor não é reembolsado. A tela de cancelamento mostra o valor antes da
        confirmação.
      </p>
    ),
  },
  {
    title: 'Responsabilidades',
    body: (
      <p>
        O Hub zela pelo funcionamento dos lockers, mas não responde por itens proibidos, por perdas causadas pelo compartilhamento do código de acesso ou por
        falhas fora do nosso controle razoável.
      </p>
    ),
  },
  {
    title: 'Alterações dos Termos',
    body: (
      <p>
        Podemos atualizar estes termos. Mudanças relevantes serão comunicadas pela plataforma ou por e-mail; o uso continuado após a mudança significa
        concordância.
      </p>
    ),
  },
  {
    title: 'Legislação Aplicável',
    body: (
      <p>
        Estes termos seguem as leis da República Federativa do Brasil, incluindo o Código de Defesa do Consumidor e a Lei Geral de Proteção de Dados (LGPD).
        Fica eleito o foro do domicílio do consumidor.
      </p>
    ),
  },
  {
    title: 'Contato',
    body: (
      <p>
        Dúvidas sobre estes termos? Fale conosco pela página{' '}
        <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
          Contato
        </Link>
        .
      </p>
    ),
  },
];

export default function TermsPage() {
  usePageTitle('Termos de uso');
  return <LegalPage title="Termos de Uso" intro="Estas são as regras para usar o Hub e seus lockers. Leia com atenção." sections={SECTIONS} />;
}
