import type { KnowledgeDocument } from '../types';

const base = { source: { name: 'Test source', year: 2024 }, kb_version: 'test-1' };

function doc(
  id: string,
  lang: 'zh' | 'en',
  doc_type: string,
  title: string,
  text: string,
  topics: string[],
  extra: Partial<KnowledgeDocument> = {},
): KnowledgeDocument {
  return { id, lang, doc_type, title, text, topics, ...base, ...extra };
}

/** A small bilingual corpus with overlapping vocabulary, for ranking, filter and persistence tests. */
export function smallCorpus(): KnowledgeDocument[] {
  return [
    doc(
      'zh-dm-1',
      'zh',
      'condition',
      '2型糖尿病：诊断标准',
      '空腹血糖≥7.0 mmol/L或糖化血红蛋白≥6.5%可诊断糖尿病。餐后血糖升高、口渴多尿是常见表现。',
      ['diabetes'],
    ),
    doc(
      'zh-dm-2',
      'zh',
      'lifestyle',
      '糖尿病饮食：怎么吃',
      '控制总热量，主食粗细搭配，少吃精制糖。餐后散步有助于降低餐后血糖。',
      ['diabetes', 'nutrition'],
    ),
    doc(
      'zh-hypo',
      'zh',
      'condition',
      '低血糖：头晕出汗怎么办',
      '血糖低于3.9 mmol/L为低血糖，可出现头晕、心慌、出汗。立即吃15克糖，15分钟后复测血糖。',
      ['hypoglycemia', 'red_flags'],
    ),
    doc(
      'zh-htn',
      'zh',
      'condition',
      '高血压：血压多少算高',
      '诊室血压≥140/90 mmHg可诊断高血压。限盐、减重、规律运动可以降低血压。',
      ['hypertension'],
    ),
    doc(
      'zh-asthma',
      'zh',
      'condition',
      '哮喘：喘息和胸闷',
      '哮喘表现为反复喘息、气促、胸闷或咳嗽，夜间加重。吸入糖皮质激素是长期控制的基础。',
      ['asthma'],
    ),
    doc(
      'en-dm-1',
      'en',
      'condition',
      'Type 2 diabetes: diagnosis',
      'Diabetes is diagnosed when fasting plasma glucose is 7.0 mmol/L or higher, or HbA1c is 6.5% or higher. Thirst and frequent urination are common symptoms.',
      ['diabetes'],
    ),
    doc(
      'en-dm-2',
      'en',
      'medication',
      'Metformin: first-line diabetes medicine',
      'Metformin lowers blood glucose by reducing liver glucose output. Common side effects are nausea and diarrhoea; take it with meals.',
      ['diabetes'],
      { source: { name: 'Label text', year: 2023, url: 'https://example.org/metformin' } },
    ),
    doc(
      'en-hypo',
      'en',
      'condition',
      'Hypoglycaemia: low blood sugar',
      'Blood glucose below 3.9 mmol/L is low. Symptoms include shaking, sweating and dizziness. Take 15 g of fast sugar and recheck after 15 minutes.',
      ['hypoglycemia', 'red_flags'],
    ),
    doc(
      'en-htn',
      'en',
      'condition',
      'High blood pressure',
      'Hypertension is diagnosed when repeated readings are 140/90 mmHg or higher. Less salt, weight loss and exercise lower blood pressure.',
      ['hypertension'],
      { kb_version: 'test-2' },
    ),
    doc(
      'en-asthma',
      'en',
      'condition',
      'Asthma: wheeze and chest tightness',
      'Asthma causes recurrent wheeze, breathlessness, chest tightness and cough, often worse at night. Inhaled corticosteroids are the basis of long-term control.',
      ['asthma'],
    ),
    doc(
      'en-gout',
      'en',
      'condition',
      'Gout attacks',
      'Gout is inflammatory arthritis caused by uric acid crystals. A sudden painful swollen big toe is typical. Limit alcohol and sugary drinks.',
      ['gout'],
    ),
    doc(
      'en-sleep',
      'en',
      'lifestyle',
      'Sleeping well',
      'Keep a regular sleep schedule, avoid caffeine late in the day and keep screens out of the bedroom.',
      ['sleep'],
    ),
  ];
}
