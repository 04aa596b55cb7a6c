import { extractEntities } from './default';
import type { EntityRef } from './types';

const ids = (list: EntityRef[]): string[] => list.map((e) => e.id);

describe('extractEntities', () => {
  it('reads the seed sentence: drugs, a condition and an allergy', () => {
    const r = extractEntities('我在吃华法林，最近膝盖疼想吃点布洛芬，以前有胃溃疡，对青霉素过敏');
    expect(ids(r.drugs)).toEqual(['warfarin', 'ibuprofen']);
    expect(ids(r.conditions)).toEqual(['peptic_ulcer']);
    expect(ids(r.allergies)).toEqual(['allergy_penicillin']);
    expect(r.unrecognized).toEqual([]);
  });

  it('reads English text with brands, allergy phrases and foods', () => {
    const r = extractEntities(
      "I'm on Coumadin and took two Advil tablets for back pain. I have a stomach ulcer, I'm allergic to penicillin and sulfa, and I drink grapefruit juice.",
    );
    expect(ids(r.drugs)).toEqual(['warfarin', 'ibuprofen']);
    expect(ids(r.conditions)).toEqual(['peptic_ulcer']);
    expect(ids(r.allergies)).toEqual(['allergy_penicillin', 'allergy_sulfonamide']);
    expect(ids(r.foods)).toEqual(['grapefruit']);
  });

  it('treats "X allergy" and list joiners as allergy context', () => {
    expect(ids(extractEntities('penicillin allergy').allergies)).toEqual(['allergy_penicillin']);
    expect(ids(extractEntities('对青霉素、头孢类药物过敏').allergies)).toEqual(['allergy_penicillin', 'allergy_cephalosporin']);
    expect(ids(extractEntities('过敏史：磺胺').allergies)).toEqual(['allergy_sulfonamide']);
    // An allergy named by a member drug maps to the allergen that covers its class.
    expect(ids(extractEntities('我对阿莫西林过敏').allergies)).toEqual(['allergy_penicillin']);
  });

  it('respects simple negation in both languages', () => {
    const zh = extractEntities('我没有胃溃疡，也不喝酒，对青霉素不过敏，在吃阿司匹林');
    expect(ids(zh.conditions)).toEqual([]);
    expect(ids(zh.foods)).toEqual([]);
    expect(ids(zh.allergies)).toEqual([]);
    expect(ids(zh.drugs)).toEqual(['aspirin']);
    expect(ids(zh.negated)).toEqual(expect.arrayContaining(['peptic_ulcer', 'alcohol']));
    const en = extractEntities('No history of peptic ulcer. Takes metformin.');
    expect(ids(en.conditions)).toEqual([]);
    expect(ids(en.drugs)).toEqual(['metformin']);
  });

  it('names unknown drug-like words instead of dropping them', () => {
    const r = extractEntities('在吃法匹拉韦和某某片，还喝中药；also taking dupilumab and zofenopril');
    expect(r.unrecognized).toEqual(expect.arrayContaining(['法匹拉韦', '某某片', '中药', 'dupilumab', 'zofenopril']));
  });

  it('checks an unknown class member at class level and still reports it as unknown', () => {
    const r = extractEntities('最近在吃头孢克圣');
    expect(ids(r.drugs)).toEqual(['cephalosporins']);
    expect(r.unrecognized).toEqual(['头孢克圣']);
  });

  it('handles full-width input and dosage text around known drugs', () => {
    const r = extractEntities('每天服用ＷＡＲＦＡＲＩＮ　３ｍｇ和布洛芬缓释胶囊0.3g一粒');
    expect(ids(r.drugs)).toEqual(['warfarin', 'ibuprofen']);
    expect(r.unrecognized).toEqual([]);
  });

  it('reads ages and gestational ages as conditions', () => {
    expect(ids(extractEntities('孩子5岁，发烧了').conditions)).toEqual(expect.arrayContaining(['child_under_8']));
    expect(ids(extractEntities('My 7-year-old son').conditions)).toEqual(['child_under_8']);
    expect(ids(extractEntities('a 15-year-old').conditions)).toEqual(['adolescent']);
    expect(ids(extractEntities('今年45岁').conditions)).toEqual([]);
    expect(ids(extractEntities('怀孕八个月').conditions)).toContain('pregnancy_third_trimester');
    expect(ids(extractEntities('孕12周').conditions)).toContain('pregnancy');
    expect(ids(extractEntities('I am 32 weeks pregnant').conditions)).toContain('pregnancy_third_trimester');
  });

  it('does not match Latin aliases inside longer words', () => {
    expect(ids(extractEntities('vasa recta and basal cells').drugs)).toEqual([]);
  });
});
