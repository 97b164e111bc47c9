import {
  Accordion,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  IconChalkboard,
  IconClipboardList,
  IconDownload,
  IconFileTypePdf,
  IconInfoCircle,
  IconMessageQuestion,
  IconSchool,
} from '../../components/icons';
import { answerBlocks, inlineSegments } from './answer-blocks';
import classes from './HelpPage.module.css';
import './help-texts';
import { HELP_TABS, type HelpTabId, MANUAL_KINDS, type ManualKind, manualHref } from './help-catalog';

const TAB_ICONS: Record<HelpTabId, ReactNode> = {
  general: <IconInfoCircle size={18} />,
  learner: <IconSchool size={18} />,
  courses: <IconChalkboard size={18} />,
  assignments: <IconClipboardList size={18} />,
};

function isHelpTab(value: string | null): value is HelpTabId {
  return HELP_TABS.some((tab) => tab.id === value);
}

/** Inline text with "[Button]" names emphasised. */
function Inline({ text }: { text: string }) {
  return (
    <>
      {inlineSegments(text).map((segment, index) =>
        segment.strong ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of a fixed text never reorder
          <strong key={index}>{segment.text}</strong>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

/** An answer of the catalog: paragraphs, bullet lists and numbered steps. */
function Answer({ text }: { text: string }) {
  return (
    <Stack gap="sm">
      {answerBlocks(text).map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === 'paragraph')
          return (
            <Text key={key} size="sm" lh={1.7}>
              <Inline text={block.text} />
            </Text>
          );
        return (
          <List
            key={key}
            type={block.kind === 'steps' ? 'ordered' : 'unordered'}
            size="sm"
            spacing={6}
            withPadding
            classNames={{ itemWrapper: classes.listItem }}
          >
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items of a fixed text never reorder
              <List.Item key={itemIndex} lh={1.6}>
                <Inline text={item} />
              </List.Item>
            ))}
          </List>
        );
      })}
    </Stack>
  );
}

function ManualLink({ kind, href }: { kind: ManualKind; href: string }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="a"
      href={href}
      download
      withBorder
      radius="md"
      p="md"
      className={classes.manual}
      data-testid={`manual-${kind}`}
    >
      <Group wrap="nowrap" gap="md" align="center">
        <ThemeIcon size={44} radius="md" variant="light" color={kind === 'instructor' ? 'violet' : 'blue'}>
          <IconFileTypePdf size={26} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700}>{t(`help.manuals.${kind}`)}</Text>
          <Text size="sm" c="dimmed">
            {t(`help.manuals.${kind}Hint`)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('help.manuals.format')}
          </Text>
        </Stack>
        <IconDownload size={20} className={classes.manualIcon} aria-hidden />
      </Group>
    </Paper>
  );
}

/** `/helps`: the manual with Q&A by topic (part 1 §2) and the two downloadable manuals. */
export function HelpPage() {
  const { t, i18n } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 767px)');
  // Beside the 280px side menu a vertical tab list leaves too little room on tablets as well:
  // there the tabs sit on top and wrap; on phones they scroll sideways in one row.
  const isNarrow = useMediaQuery('(max-width: 1023px)');
  const vertical = !isPhone && !isNarrow;
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active: HelpTabId = isHelpTab(requested) ? requested : 'general';

  const selectTab = (value: string | null) => {
    if (!isHelpTab(value) || value === active) return;
    setSearchParams(value === 'general' ? {} : { tab: value }, { replace: true });
  };

  return (
    <Stack gap="xl" maw={1120} className={classes.root} data-testid="help-page">
      <Stack gap={4}>
        <Title order={1}>{t('help.title')}</Title>
        <Text c="dimmed">{t('help.subtitle')}</Text>
      </Stack>

      <Tabs
        value={active}
        onChange={selectTab}
        orientation={vertical ? 'vertical' : 'horizontal'}
        variant="pills"
        radius="md"
        classNames={{ tabLabel: classes.tabLabel }}
        data-testid="help-tabs"
      >
        <Tabs.List
          aria-label={t('help.tabsLabel')}
          className={vertical ? classes.verticalList : isPhone ? classes.scrollList : undefined}
        >
          {HELP_TABS.map((tab) => (
            <Tabs.Tab
              key={tab.id}
              value={tab.id}
              leftSection={TAB_ICONS[tab.id]}
              className={vertical ? classes.verticalTab : isPhone ? classes.scrollTab : undefined}
              data-testid={`help-tab-${tab.id}`}
            >
              {t(`help.tabs.${tab.id}.label`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        {HELP_TABS.map((tab) => (
          <Tabs.Panel
            key={tab.id}
            value={tab.id}
            pl={vertical ? 'xl' : 0}
            pt={vertical ? 0 : 'lg'}
            style={{ minWidth: 0 }}
            data-testid={`help-panel-${tab.id}`}
          >
            <Stack gap="md">
              <Stack gap={2}>
                <Title order={2} size="h3">
                  {t(`help.tabs.${tab.id}.label`)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`help.tabs.${tab.id}.description`)}
                </Text>
              </Stack>
              <Accordion variant="separated" radius="md" multiple chevronPosition="right">
                {tab.items.map((item) => {
                  const base = `help.tabs.${tab.id}.items.${item}`;
                  return (
                    <Accordion.Item key={item} value={item} data-testid={`help-item-${tab.id}-${item}`}>
                      <Accordion.Control>
                        <Text fw={600} size="sm">
                          {t(`${base}.question`)}
                        </Text>
                      </Accordion.Control>
                      <Accordion.Panel data-testid={`help-answer-${tab.id}-${item}`}>
                        <Answer text={t(`${base}.answer`)} />
                      </Accordion.Panel>
                    </Accordion.Item>
                  );
                })}
              </Accordion>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>

      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="help-manuals-title">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h3" id="help-manuals-title">
              {t('help.manuals.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('help.manuals.description')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {MANUAL_KINDS.map((kind) => (
              <ManualLink key={kind} kind={kind} href={manualHref(kind, i18n.language)} />
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper radius="lg" p="lg" bg="var(--mantine-primary-color-light)">
        <Group justify="space-between" gap="md">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon size={40} radius="xl" variant="white">
              <IconMessageQuestion size={22} />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700}>{t('help.more.title')}</Text>
              <Text size="sm">{t('help.more.body')}</Text>
            </Stack>
          </Group>
          <Button component={Link} to="/supports" variant="filled" data-testid="help-to-supports">
            {t('help.more.action')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
