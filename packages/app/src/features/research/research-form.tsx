import { Tabs, TabsContent, TabsList, TabsTrigger } from '@tsumiki/ui';
import { CompetitorResearchForm } from './competitor-research-form';
import { CustomerResearchForm } from './customer-research-form';
import type { ResearchRequest } from './research-choices';

export type { ResearchRequest } from './research-choices';

/** The two research forms, customer and competitor, as tabs. */
export function ResearchForm({
  running,
  onRun,
}: {
  running: boolean;
  onRun: (request: ResearchRequest) => void;
}) {
  return (
    <Tabs defaultValue="customer">
      <TabsList aria-label="調査の種類">
        <TabsTrigger value="customer">顧客調査</TabsTrigger>
        <TabsTrigger value="competitor">競合調査</TabsTrigger>
      </TabsList>
      <TabsContent value="customer">
        <CustomerResearchForm running={running} onRun={onRun} />
      </TabsContent>
      <TabsContent value="competitor">
        <CompetitorResearchForm running={running} onRun={onRun} />
      </TabsContent>
    </Tabs>
  );
}
