import { zodResolver } from '@hookform/resolvers/zod';
import Clock from 'lucide-react/icons/clock';
import Headset from 'lucide-react/icons/headset';
import Loader2 from 'lucide-react/icons/loader-circle';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import Send from 'lucide-react/icons/send';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { FormField, emailInputProps, fieldAria } from '@/components/ui/form-field';
import { useAuth } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { CONTACT_LIMITS } from '@contract/contact/contact-endpoints';
import { emailField, requiredText } from '@contract/shared/account-fields';
import { sendContactMessage } from '../api/contact-api';
import { usePageTitle } from '@/lib/use-page-title';

/** Spec "Static pages": 'Enviando...' shows for 1.5 s (at least, here: the message really goes). */
const SENDING_MS = 1500;

// The server's limits and e-mail rule (contract/contact), each empty field worded here.
const text = (missing: string, max: number) => requiredText(missing).max(max, `Máximo de ${max} caracteres`);
const schema = z.object({
  name: text('Informe seu nome', CONTACT_LIMITS.name),
  email: emailField('Informe seu e-mail'),
  subject: text('Informe o assunto', CONTACT_LIMITS.subject),
  message: text('Escreva sua mensagem', CONTACT_LIMITS.message),
});
type Values = z.infer<typeof schema>;

export default function ContactPage() {
  usePageTitle('Fale conosco');
  const { user } = useAuth();
  // A signed-in sender starts with their name and e-mail filled in.
  const initial: Values = { name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '' };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: initial });

  const onSubmit = async (values: Values) => {
    try {
      await Promise.all([sendContactMessage(values), new Promise((resolve) => window.setTimeout(resolve, SENDING_MS))]);
      toast.success('Mensagem enviada!', { description: 'Recebemos sua mensagem e responderemos em breve.' });
      reset(initial);
    } catch (err) {
      toast.error('Erro', { description: err instanceof ApiError && err.status < 500 ? err.message : 'Erro inesperado. Tente novamente.' });
    }
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Fale Conosco</h1>
      <p className="mt-2 text-muted-foreground">Dúvidas, sugestões ou problemas com um locker? Escreva para nós.</p>
      <div className="mt-8 grid gap-6 md:grid-cols-[1fr_20rem]">
        <Card className="p-6">
          <h2 className="text-lg font-semibold">Envie uma mensagem</h2>
          <form onSubmit={handleSubmit(onSubmit)} noValidate className="mt-4 flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="contact-name" label="Nome" error={errors.name?.message}>
                <Input id="contact-name" autoComplete="name" required {...fieldAria('contact-name', errors.name?.message)} {...register('name')} />
              </FormField>
              <FormField id="contact-email" label="Email" error={errors.email?.message}>
                <Input id="contact-email" required {...emailInputProps} {...fieldAria('contact-email', errors.email?.message)} {...register('email')} />
              </FormField>
            </div>
            <FormField id="contact-subject" label="Assunto" error={errors.subject?.message}>
              <Input id="contact-subject" required {...fieldAria('contact-subject', errors.subject?.message)} {...register('subject')} />
            </FormField>
            <FormField id="contact-message" label="Mensagem" error={errors.message?.message}>
              <Textarea id="contact-message" rows={6} required {...fieldAria('contact-message', errors.message?.message)} {...register('message')} />
            </FormField>
            <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-end" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
              {isSubmitting ? 'Enviando...' : 'Enviar Mensagem'}
            </Button>
          </form>
        </Card>
        <div className="flex flex-col gap-6">
          <Card className="p-6">
            <h2 className="text-lg font-semibold">Informações de Contato</h2>
            <ul className="mt-4 flex flex-col gap-4 text-sm">
              <Info icon={<MapPin className="size-4" aria-hidden />} label="Endereço">
                Av. Paulista, 1000 – Bela Vista, São Paulo – SP, 01310-100
              </Info>
              <Info icon={<Phone className="size-4" aria-hidden />} label="Telefones">
                (11) 3000-1000
                <br />
                (11) 98000-1000
              </Info>
              <Info icon={<Mail className="size-4" aria-hidden />} label="E-mails">
                contato@hub.dev
                <br />
                suporte@hub.dev
              </Info>
              <Info icon={<Clock className="size-4" aria-hidden />} label="Horário de atendimento">
                Segunda a sexta, 9h às 18h
                <br />
                Sábado, 9h às 13h
              </Info>
            </ul>
          </Card>
          <Card className="p-6">
            <h2 className="text-lg font-semibold">Suporte Prioritário</h2>
            <p className="mt-2 text-sm text-muted-foreground">Problemas urgentes com um locker em uso? Fale com nossa equipe de suporte.</p>
            <Button variant="outline" className="mt-4 w-full">
              <Headset aria-hidden />
              Suporte Prioritário
            </Button>
          </Card>
        </div>
      </div>
    </div>
  );
}

function Info({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">{icon}</span>
      <span>
        <span className="block font-medium">{label}</span>
        <span className="text-muted-foreground">{children}</span>
      </span>
    </li>
  );
}
