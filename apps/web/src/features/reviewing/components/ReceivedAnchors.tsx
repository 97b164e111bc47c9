import '../../../lib/texts/anchors-texts';
import { Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { anchorText, checkAnchor, locateQuote } from '@pw/domain/anchors';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useReceivedAnchors } from '../api/anchors';
import { AnchoredEssay, type DrawnAnchor } from './AnchoredEssay';
import { AnchorItem } from './ReviewAnchorsPanel';

type Ids = { courseId: number; assignmentId: number };

/**
 * The author's essay read-only with the passages their reviewers commented on highlighted, each
 * comment beside it (below it on a phone) under "Reviewer n" (issue 34, item 3). A passage the
 * essay no longer has where it was (an essay changed after the review) is looked for nearby, else
 * its comment is listed without a mark. Shown on the feedback review and the revision; the
 * instructor and assistants see the same on the learner's essay and revision (`staff`).
 */
type Props = {
  ids: Ids;
  performanceId: number;
  /** Shown to the instructor or an assistant on the learner's work (the texts speak of "this essay"). */
  staff?: boolean;
};

function ReceivedAnchorsBody({ ids, performanceId, staff = false }: Props) {
  const { t } = useTranslation();
  const query = useReceivedAnchors(ids, performanceId);
  const data = query.data;
  const placed = useMemo(() => {
    if (!data) return [];
    const text = anchorText(data.essay.content, data.essay.plain_text);
    return data.anchors
      .map((a) => {
        const fits = checkAnchor(text, a) === null ? a : locateQuote(text, a.quote, a.index);
        return { ...a, at: fits && fits.quote === a.quote ? fits : null };
      })
      .sort(
        (x, y) =>
          (x.at?.index ?? Number.MAX_SAFE_INTEGER) - (y.at?.index ?? Number.MAX_SAFE_INTEGER) ||
          x.reviewer_label - y.reviewer_label,
      );
  }, [data]);
  if (query.isPending)
    return (
      <Center mih={80} aria-busy="true">
        <Loader size="sm" />
      </Center>
    );
  if (!data) return null;
  if (placed.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="anchors-received-empty">
        {t(staff ? 'anchors.receivedEmptyStaff' : 'anchors.receivedEmpty')}
      </Text>
    );
  const drawn: DrawnAnchor[] = placed.flatMap((a, i) =>
    a.at
      ? [
          {
            key: `r${a.id}`,
            index: a.at.index,
            length: a.at.length,
            number: i + 1,
            refLabel: t('anchors.refLabelWho', { n: i + 1, who: a.reviewer_name }),
          },
        ]
      : [],
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="anchors-received">
      <AnchoredEssay
        content={data.essay.content}
        plainText={data.essay.plain_text}
        anchors={drawn}
        label={t(staff ? 'anchors.essayLabelStaff' : 'anchors.essayLabel')}
      />
      <Stack gap="xs">
        <Title order={3} size="h6">
          {t('anchors.receivedList')}
        </Title>
        <Stack component="ol" gap="sm" aria-label={t('anchors.listLabel')} p={0} m={0}>
          {placed.map((a, i) => (
            <AnchorItem
              key={a.id}
              anchorKey={`r${a.id}`}
              number={i + 1}
              who={a.reviewer_name}
              quote={a.quote}
              comment={a.comment}
              changed={a.at === null}
            />
          ))}
        </Stack>
      </Stack>
    </SimpleGrid>
  );
}

/** The section itself; for the staff under its own heading (the author's page titles it already). */
export default function ReceivedAnchors(props: Props) {
  const { t } = useTranslation();
  if (!props.staff) return <ReceivedAnchorsBody {...props} />;
  return (
    <Stack gap="xs" data-testid="staff-anchors">
      <Title order={2} size="h4">
        {t('anchors.staffTitle')}
      </Title>
      <ReceivedAnchorsBody {...props} />
    </Stack>
  );
}
