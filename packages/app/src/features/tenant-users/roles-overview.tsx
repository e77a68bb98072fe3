import { contractEnums, ROLE_DEFAULT_PERMISSIONS, ROLE_DESCRIPTIONS, ROLE_LABELS } from '@tsumiki/api-client';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  PermissionMatrix,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@tsumiki/ui';
import { ALL_PERMISSIONS, PERMISSION_ACTIONS, PERMISSION_RESOURCES } from './permission-catalogue';

/** 「役割と権限」: what each role may do by default, read-only, in Japanese. */
export function RolesOverview() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="roles-overview">役割と権限</h2>
        </CardTitle>
        <CardDescription>
          ユーザーには「管理者」「スタッフ」「一般」のいずれかの役割があり、役割ごとに既定の権限が決まっています。
          権限は「対象（顧客・文書など）」と「操作（閲覧・登録・編集・削除など）」の組み合わせで、一人ずつ増やしたり減らしたりできます。
          メニューに出る画面は、テナントで有効な機能と、その画面を見る権限で決まります。
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="admin">
          <TabsList aria-label="役割">
            {contractEnums.Role.map((role) => (
              <TabsTrigger key={role} value={role}>
                {ROLE_LABELS[role]}
              </TabsTrigger>
            ))}
          </TabsList>
          {contractEnums.Role.map((role) => (
            <TabsContent key={role} value={role} className="flex min-w-0 flex-col gap-3">
              <p>{ROLE_DESCRIPTIONS[role]}</p>
              <PermissionMatrix
                caption={`「${ROLE_LABELS[role]}」の既定の権限`}
                resources={PERMISSION_RESOURCES}
                actions={PERMISSION_ACTIONS}
                available={ALL_PERMISSIONS}
                value={ROLE_DEFAULT_PERMISSIONS[role]}
              />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
