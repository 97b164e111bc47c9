import { Anchor, Card, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FARES } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The fare information dialog with the pricing of part 1 §1. */
export function FareModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  // Built only while open: a first NumberFormat of a locale is slow, and the side menu renders
  // this closed dialog on every page.
  const format = opened ? new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'ko-KR') : null;
  return (
    <Modal opened={opened} onClose={onClose} title={t('fare.title')} centered size="lg">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FARES.map((fare, i) => (
            <Card key={fare.won} withBorder radius="md" p="lg" data-testid={`fare-${i + 1}`}>
              <Title order={3} c="brand.7">
                {t('fare.won', { amount: format?.format(fare.won) })}
              </Title>
              <Text size="sm" c="dimmed">
                {t('fare.perSemester')}
              </Text>
              <Text mt="sm">{t(`fare.plan${i + 1}`)}</Text>
            </Card>
          ))}
        </SimpleGrid>
        <Text size="sm">
          {t('fare.institution')}{' '}
          <Anchor component={Link} to="/supports" onClick={onClose}>
            {t('fare.contact')}
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
