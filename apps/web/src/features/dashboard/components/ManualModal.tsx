import { Anchor, Button, Group, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconDownload, IconFileTypePdf, IconHelpCircle } from '../../../components/icons';

type Kind = 'instructor' | 'student';

/** The manual dialog of the dashboard tutorial: the help page and the PDF manuals. */
export function ManualModal({
  opened,
  onClose,
  isInstructor,
}: {
  opened: boolean;
  onClose: () => void;
  isInstructor: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ko';
  const kinds: Kind[] = isInstructor ? ['instructor', 'student'] : ['student', 'instructor'];
  return (
    <Modal opened={opened} onClose={onClose} title={t('dashboard.manual.title')} centered>
      <Stack gap="md">
        <Text size="sm">{t('dashboard.manual.body')}</Text>
        {kinds.map((kind) => (
          <Paper
            key={kind}
            component="a"
            href={`/manuals/${kind}-${lang}.pdf`}
            download
            withBorder
            radius="md"
            p="sm"
            data-testid={`tutorial-manual-${kind}`}
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            <Group wrap="nowrap" gap="sm">
              <ThemeIcon
                size={36}
                radius="md"
                variant="light"
                color={kind === 'instructor' ? 'violet' : 'blue'}
              >
                <IconFileTypePdf size={20} />
              </ThemeIcon>
              <Text fw={600} style={{ flex: 1 }}>
                {t(`dashboard.manual.${kind}`)}
              </Text>
              <IconDownload size={18} aria-hidden />
            </Group>
          </Paper>
        ))}
        <Group justify="space-between">
          <Anchor component={Link} to="/helps" onClick={onClose} size="sm">
            <Group gap={4}>
              <IconHelpCircle size={16} />
              {t('dashboard.manual.toHelp')}
            </Group>
          </Anchor>
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
