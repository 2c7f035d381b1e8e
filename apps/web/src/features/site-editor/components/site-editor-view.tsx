import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import type { Role } from '@painlab/shared/permissions';
import { PagesPanel } from './pages-panel';
import { PostsPanel } from './posts-panel';
import { SpecialistsPanel } from './specialists-panel';
import { TestimonialsPanel } from './testimonials-panel';

type TabId = 'posts' | 'profiles' | 'testimonials' | 'pages';

/**
 * /site-content: the public site's content (ADR 0027). An administrator edits everything; a
 * specialist their own profile and posts (the server decides; this only hides what they cannot use).
 */
export function SiteEditorView({ role }: { role: Role }) {
  const { t } = useTranslation('siteEditor');
  const [tab, setTab] = useState<TabId>('posts');
  const admin = role === 'admin';
  const tabs: TabItem<TabId>[] = [
    { id: 'posts', label: t('tabs.posts'), content: () => <PostsPanel /> },
    {
      id: 'profiles',
      label: admin ? t('tabs.profiles') : t('tabs.myProfile'),
      content: () => <SpecialistsPanel canCreate={admin} />,
    },
    ...(admin
      ? [
          {
            id: 'testimonials' as const,
            label: t('tabs.testimonials'),
            content: () => <TestimonialsPanel />,
          },
          { id: 'pages' as const, label: t('tabs.pages'), content: () => <PagesPanel /> },
        ]
      : []),
  ];
  return (
    <div>
      <PageHeader title={t('title')} description={admin ? t('description') : t('descriptionOwn')} />
      <Tabs
        label={t('title')}
        tabs={tabs}
        value={tab}
        onValueChange={setTab}
        idPrefix="site-editor"
      />
    </div>
  );
}
