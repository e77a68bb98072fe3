import { Tabs, TabsContent, TabsList, TabsTrigger } from '@tsumiki/ui';
import { useState } from 'react';
import { CalendarTool } from './calendar-tool';
import { CampaignTool } from './campaign-tool';
import { CompetitorsTool } from './competitors-tool';
import { SegmentsTool } from './segments-tool';

/** /marketing: customer segments, a campaign, competitors and a content calendar, in tabs. */
export function MarketingScreen() {
  const [tab, setTab] = useState('segments');
  const [campaignTarget, setCampaignTarget] = useState('');
  return (
    <Tabs value={tab} onValueChange={setTab} className="grid gap-4">
      <TabsList className="flex h-auto flex-wrap justify-start">
        <TabsTrigger value="segments">顧客分析</TabsTrigger>
        <TabsTrigger value="campaign">キャンペーン</TabsTrigger>
        <TabsTrigger value="competitors">競合分析</TabsTrigger>
        <TabsTrigger value="calendar">コンテンツカレンダー</TabsTrigger>
      </TabsList>
      <TabsContent value="segments" forceMount hidden={tab !== 'segments'}>
        <SegmentsTool
          onCampaign={(label) => {
            setCampaignTarget(label);
            setTab('campaign');
          }}
        />
      </TabsContent>
      <TabsContent value="campaign" forceMount hidden={tab !== 'campaign'}>
        <CampaignTool key={campaignTarget} initialTarget={campaignTarget} />
      </TabsContent>
      <TabsContent value="competitors" forceMount hidden={tab !== 'competitors'}>
        <CompetitorsTool />
      </TabsContent>
      <TabsContent value="calendar" forceMount hidden={tab !== 'calendar'}>
        <CalendarTool />
      </TabsContent>
    </Tabs>
  );
}
