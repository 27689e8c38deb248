import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { AdminHub } from '../../types';
import { ReadOnlyFields } from './read-only-fields';

/** 'Informações': the Hub's descriptive fields, read-only (editing is in the side panel). */
export function HubInfoTab({ hub }: { hub: AdminHub }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Informações</CardTitle>
      </CardHeader>
      <CardContent>
        <ReadOnlyFields
          items={[
            { label: 'Nome', value: hub.name },
            { label: 'CEP', value: hub.zipcode },
            { label: 'Endereço', value: hub.address, wide: true },
            { label: 'Cidade', value: hub.city },
            { label: 'Estado', value: hub.state },
            { label: 'País', value: hub.country },
            { label: 'Descrição', value: hub.description, wide: true },
          ]}
        />
      </CardContent>
    </Card>
  );
}
