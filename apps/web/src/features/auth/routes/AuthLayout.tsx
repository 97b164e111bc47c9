import { Box, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageDock } from '../../../components/LanguageSwitch';
import { useConfiguration } from '../../../lib/session/configuration';
import classes from './AuthLayout.module.css';

/** The branded frame of the sign-in and sign-up pages: the organisation's image, title and text beside the form. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: config } = useConfiguration();
  return (
    <Box className={classes.root}>
      <Box className={classes.brand} bg="brand.6" c="white">
        <Stack gap="md" maw={460}>
          <Text fw={700} size="sm" tt="uppercase" opacity={0.85}>
            {config?.name ?? t('app.name')}
          </Text>
          <Title order={1} className={classes.title} data-testid="login-title">
            {config?.login_title || t('app.name')}
          </Title>
          <Text size="lg" opacity={0.92} data-testid="login-desc">
            {config?.login_desc || t('app.tagline')}
          </Text>
          {config?.login_image ? (
            <Image src={config.login_image} alt="" radius="lg" className={classes.image} />
          ) : null}
        </Stack>
      </Box>
      <Box className={classes.formSide}>
        <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={440}>
          {children}
        </Paper>
        <LanguageDock />
      </Box>
    </Box>
  );
}
