import type { CoachHint } from './review-coach';

// A small labelled set of review comments written for the coach's tests (issue 34, item 2): two
// essays (Korean, English), three standards each, points on a 0–5 scale. Each comment carries the
// hints a careful reader would give it (labelled by what the comment says, not by what the rules
// happen to do); review-coach.test.ts measures the rules' precision and recall on it.

export const KO_ESSAY =
  '학교에서 스마트폰 사용을 전면 금지해서는 안 된다. 스마트폰은 수업 중에 사전을 찾거나 발표 자료를 만드는 도구가 된다. ' +
  '실제로 우리 반은 지난 학기 과학 시간에 스마트폰으로 미세먼지 농도를 측정해 보고서를 썼다. 물론 쉬는 시간에 게임만 ' +
  '하는 학생도 있다. 그러나 금지보다 사용 규칙을 함께 정하는 것이 자기 조절 능력을 기르는 길이다. 따라서 학교는 ' +
  '학생회와 함께 스마트폰 사용 규칙을 만들어야 한다.';

export const EN_ESSAY =
  'Schools should move to a four-day week. A longer weekend gives students time to rest, work part-time jobs, and ' +
  'visit family. In 2019, a district in Colorado tried the four-day week and reported higher attendance. Teachers ' +
  'also gain a day for planning lessons. Critics say parents will struggle to find childcare on the fifth day, but ' +
  'schools could open the library for supervised study. Therefore, the four-day week is a sensible reform.';

export const KO_CRITERIA = [
  '주장이 명확하고 일관된가?',
  '근거가 충분하고 적절한가?',
  '글의 구성이 논리적인가?',
];
export const EN_CRITERIA = [
  'Is the thesis clear and consistent?',
  'Is the evidence sufficient and relevant?',
  'Is the organisation logical?',
];

export type LabelledComment = {
  lang: 'ko' | 'en';
  comment: string;
  /** Index into the language's criteria. */
  criterion: number;
  point: number;
  expected: CoachHint[];
};

const ts = 'too_short';
const g = 'generic';
const nr = 'no_reference';
const pm = 'point_mismatch';
const ns = 'no_suggestion';

const ko = (comment: string, criterion: number, point: number, expected: CoachHint[]): LabelledComment => ({
  lang: 'ko',
  comment,
  criterion,
  point,
  expected,
});
const en = (comment: string, criterion: number, point: number, expected: CoachHint[]): LabelledComment => ({
  lang: 'en',
  comment,
  criterion,
  point,
  expected,
});

export const LABELLED_SET: LabelledComment[] = [
  ko('좋아요', 0, 4, [ts, g, nr, ns]),
  ko('잘 썼어요!', 0, 5, [ts, g, nr]),
  ko('정말 잘 썼어요. 좋아요.', 1, 3, [ts, g, nr, ns]),
  ko('전체적으로 좋은 글이에요', 2, 2, [ts, g, nr, pm, ns]),
  ko('수고하셨습니다~', 2, 3, [ts, g, nr, ns]),
  ko('주장이 분명하지 않아요.', 0, 1, [ts, nr, ns]),
  ko('근거가 부족합니다. 더 보완하세요.', 1, 2, [ts, nr]),
  ko(
    '스마트폰으로 미세먼지 농도를 측정한 사례가 구체적이라 근거로 설득력이 있어요. 다만 한 학급의 경험뿐이라 다른 학교의 조사 결과를 하나 더 추가하면 좋겠어요.',
    1,
    4,
    [],
  ),
  ko(
    '금지보다 사용 규칙을 정하자는 주장이 처음부터 끝까지 일관돼요. 마지막 문장의 학생회 제안을 첫 문단에서도 미리 밝혀 주면 더 분명해질 것 같아요.',
    0,
    4,
    [],
  ),
  ko(
    "게임만 하는 학생 이야기가 갑자기 나와서 흐름이 끊겨요. 반론을 다루는 문단이라고 '물론'으로 시작하는 문장 앞에 한 줄 설명을 넣어 주세요.",
    2,
    2,
    [],
  ),
  ko(
    '과학 시간 사례는 좋지만 출처가 없어요. 조사한 날짜와 측정 방법을 덧붙이면 믿을 만해질 거예요.',
    1,
    3,
    [],
  ),
  ko(
    '자기 조절 능력을 기른다는 말이 핵심인데 근거가 없습니다. 관련 연구나 경험을 한 가지 넣어 보세요.',
    1,
    1,
    [],
  ),
  ko('주장이 명확하고 좋아요. 설득력 있는 글이었어요.', 0, 1, [ts, nr, pm, ns]),
  ko('논리가 매우 부족하고 근거도 없어서 설득되지 않았습니다. 구성도 산만합니다.', 2, 5, [nr, pm, ns]),
  ko('스마트폰 사용 규칙을 학생회와 정하자는 결론이 인상적이에요. 훌륭한 마무리입니다.', 2, 5, []),
  ko('스마트폰 사용 규칙을 학생회와 정하자는 결론이 인상적이에요. 훌륭한 마무리입니다.', 2, 1, [pm, ns]),
  ko('미세먼지 사례가 좋아요.', 1, 4, [ts, ns]),
  ko('서론이 조금 길어요. 줄이면 좋겠어요.', 2, 3, [ts, nr]),
  ko('전체적으로 글의 흐름이 자연스럽고 주장과 근거가 잘 연결되어 있어서 읽기 편했습니다.', 2, 4, [nr, ns]),
  ko(
    '문단 구분이 없어서 읽기 어려웠어요. 주장, 근거, 반론, 결론으로 문단을 나누면 훨씬 읽기 쉬울 거예요.',
    2,
    2,
    [nr],
  ),
  ko('사전을 찾거나 발표 자료를 만든다는 예는 누구나 공감할 만한 근거예요.', 1, 4, [ns]),
  ko('ㅋㅋ 좋아요 👍', 0, 4, [ts, g, nr, ns]),
  ko('굿굿', 1, 4, [ts, g, nr, ns]),
  ko('잘 썼습니다. 감사합니다.', 0, 5, [ts, g, nr]),
  ko(
    '학생회와 함께 규칙을 만들자는 제안이 구체적이지만, 규칙의 예를 두세 가지 들어 주면 독자가 더 쉽게 상상할 수 있을 거예요.',
    0,
    4,
    [],
  ),
  ko(
    '쉬는 시간 게임 문제를 인정한 점이 공정해 보여요. 그 문제를 어떻게 막을지 한 문장 덧붙이면 좋겠어요.',
    2,
    4,
    [],
  ),
  ko('근거가 적절합니다.', 1, 4, [ts, nr, ns]),
  ko('보고서를 썼다는 부분에서 보고서의 결과가 무엇이었는지 궁금해요.', 1, 3, [ns]),
  ko('결론이 약해요.', 2, 4, [ts, nr, pm, ns]),
  ko('좋은 글이네요. 다만 맞춤법을 한번 더 확인해 보면 좋겠어요.', 2, 4, [nr]),
  ko('스마트폰 금지에 반대하는 이유가 세 가지로 정리되어 있어 주장이 일관됩니다.', 0, 5, []),
  ko('스마트폰 금지에 반대하는 이유가 세 가지로 정리되어 있어 주장이 일관됩니다.', 0, 3, [ns]),
  ko('무슨 말인지 잘 모르겠어요.', 0, 3, [ts, nr, ns]),
  ko('별로예요', 0, 0, [ts, nr, ns]),
  ko('완벽해요!!', 1, 0, [ts, g, nr, pm, ns]),
  ko(
    '과학 시간에 미세먼지 농도를 측정한 경험은 근거로 좋지만, 한 번의 경험으로 학교 전체의 규칙을 말하기엔 약해요. 다른 반이나 다른 학교 사례를 찾아 추가해 보세요.',
    1,
    2,
    [],
  ),
  ko("마지막 문단의 '따라서'가 앞 내용과 잘 이어져요.", 2, 5, [ts]),
  ko('이 글은 좋은 점도 있고 아쉬운 점도 있어요.', 0, 3, [ts, nr, ns]),
  ko(
    '주장이 흔들려요. 처음엔 금지 반대라고 했다가 중간에 게임하는 학생을 걱정하는 쪽으로 기울어서 헷갈려요.',
    0,
    2,
    [ns],
  ),
  ko('학생회라는 단어가 마지막에만 나와요. 서론에서 누가 규칙을 정할지 먼저 말해 주세요.', 2, 3, []),

  en('Good job!', 0, 4, [ts, g, nr, ns]),
  en('Nice.', 1, 5, [ts, g, nr]),
  en('Great essay, well done!', 2, 3, [ts, g, nr, ns]),
  en('Really good, I liked it.', 0, 2, [ts, g, nr, pm, ns]),
  en('The thesis is unclear.', 0, 1, [ts, nr, ns]),
  en(
    'The Colorado district example is strong evidence, but one district is a small sample. Add a second study or national attendance figures to make the case sturdier.',
    1,
    4,
    [],
  ),
  en(
    'The childcare objection is raised and answered with the library idea, which is smart. Explain who would staff the library so the answer feels realistic.',
    1,
    4,
    [],
  ),
  en(
    'Your thesis about the four-day week is stated in the first sentence and the conclusion returns to it. Consider naming the main benefit in the thesis itself.',
    0,
    4,
    [],
  ),
  en(
    'The paragraph about teachers gaining a planning day feels rushed; expand it with one concrete example of how that day would be used.',
    2,
    3,
    [],
  ),
  en('Everything is clear and convincing, great work overall, I enjoyed reading it.', 0, 1, [g, nr, pm, ns]),
  en('The argument is weak and the evidence is missing, paragraphs are confusing.', 0, 5, [nr, pm, ns]),
  en('Attendance data from Colorado is persuasive.', 1, 3, [ts, ns]),
  en('Maybe shorten the intro.', 2, 3, [ts, nr]),
  en(
    'The structure flows logically from claim to evidence to rebuttal to conclusion, easy to follow.',
    2,
    4,
    [nr, ns],
  ),
  en(
    'The part-time jobs point is interesting, but does working more really help students? You might drop it or explain the link to learning.',
    1,
    3,
    [],
  ),
  en('ok', 1, 3, [ts, g, nr, ns]),
  en('Thanks, nice work!', 2, 4, [ts, g, nr, ns]),
  en('I like how the childcare counterargument is handled with supervised study at the library.', 1, 5, []),
  en('I like how the childcare counterargument is handled with supervised study at the library.', 1, 1, [
    pm,
    ns,
  ]),
  en('Not convincing.', 0, 4, [ts, nr, pm, ns]),
  en('Typos in several places; proofread before submitting.', 2, 3, [ts, nr]),
  en(
    'The fifth day childcare issue deserves more than one sentence. Who pays for the supervised study? Answer that and the rebuttal will hold.',
    1,
    3,
    [],
  ),
  en('The essay is good.', 0, 2, [ts, g, nr, pm, ns]),
  en('Clear thesis.', 0, 4, [ts, nr, ns]),
  en(
    'Rest, part-time jobs and family visits are three benefits, yet only rest is supported. Add evidence for the other two or cut them.',
    1,
    2,
    [],
  ),
  en(
    'The conclusion says sensible reform but never says why it is sensible; restate the Colorado attendance result there.',
    2,
    3,
    [],
  ),
  en('Well organised essay with clear paragraphs.', 2, 4, [ts, nr, ns]),
  en('I think the organisation could be better.', 2, 2, [ts, nr, ns]),
  en('Four-day week, yes!', 0, 5, [ts]),
  en(
    'The Colorado study is from 2019; newer data would help, since attendance may have changed after the pandemic.',
    1,
    3,
    [],
  ),
  en('Awesome!!! 👍', 1, 2, [ts, g, nr, pm, ns]),
  en('Nice flow.', 2, 4, [ts, nr, ns]),
  en('The essay lacks a counterargument.', 1, 4, [ts, nr, pm, ns]),
  en(
    'Teachers gaining a planning day is a good point but it needs a source; cite a survey of teachers if you can find one.',
    1,
    3,
    [],
  ),
  en('Interesting topic, good job, keep it up!', 0, 3, [ts, g, nr, ns]),
  en(
    'Saying parents will struggle is fair, but the library fix needs a cost. State who pays for the supervisors.',
    1,
    3,
    [],
  ),
];

/**
 * A second set, written after the word lists were tuned and never used to tune them: its figures
 * (printed by the test beside the first set's) say how the rules fare on comments they have not
 * seen.
 */
export const HELD_OUT_SET: LabelledComment[] = [
  ko('글 잘 읽었습니다! 최고예요', 0, 4, [ts, g, nr, ns]),
  ko(
    '게임만 하는 학생이 있다는 반론을 넣은 건 좋은데, 바로 뒤에 그 반론에 답하는 문장이 약해요. 규칙을 어기면 어떻게 할지 써 주세요.',
    0,
    3,
    [],
  ),
  ko('근거가 한 가지뿐이에요.', 1, 2, [ts, nr, ns]),
  ko(
    '미세먼지 측정 보고서 이야기가 글에서 가장 생생한 부분이에요. 측정 결과 수치를 한 줄 넣으면 근거가 더 단단해질 거예요.',
    1,
    4,
    [],
  ),
  ko('내용이 아주 훌륭하고 흠잡을 데가 없어요.', 2, 1, [ts, nr, pm, ns]),
  ko('구성이 엉망이고 읽기 힘들었습니다. 문단마다 하는 말이 달라요.', 2, 5, [nr, pm, ns]),
  ko('서론에서 스마트폰 금지 반대를 밝히고 결론에서 학생회 규칙으로 마무리해 흐름이 자연스러워요.', 2, 5, []),
  ko('발표 자료 예시 말고 다른 과목의 예도 있으면 좋겠어요.', 1, 3, [ts]),
  ko('음... 괜찮은 것 같아요', 0, 3, [ts, g, nr, ns]),
  ko('자기 조절 능력이라는 표현이 좋았어요. 이 말이 무슨 뜻인지 예를 들어 설명해 주세요.', 0, 4, []),
  en('Solid essay.', 0, 4, [ts, g, nr, ns]),
  en(
    'I was not convinced by the attendance claim: one district in Colorado does not prove much. Find a larger study.',
    1,
    2,
    [],
  ),
  en('Well written, very clear, nice!', 2, 3, [ts, g, nr, ns]),
  en(
    'The order of the paragraphs works: benefits first, then the childcare objection, then the reform. I would keep it.',
    2,
    5,
    [],
  ),
  en('The part about visiting family is vague and feels off topic.', 1, 4, [pm, ns]),
  en(
    'Add a sentence on what teachers do with the planning day; right now the claim is just stated.',
    1,
    3,
    [],
  ),
  en('Great job, I agree with everything you said about the four-day week.', 0, 1, [g, pm, ns]),
  en('Needs more evidence.', 1, 2, [ts, nr]),
  en(
    'The library idea answers the childcare worry neatly, and the last sentence ties it back to the thesis.',
    2,
    4,
    [ns],
  ),
  en('No sources at all.', 1, 4, [ts, nr, pm, ns]),
];
