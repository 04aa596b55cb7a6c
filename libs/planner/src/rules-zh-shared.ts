// Word families shared by the Chinese rule files.

/** How Chinese disease names end (症/炎/癌/硬化/增生/痴呆…): "是X吗" asks for a diagnosis, "算X吗" for a class. */
export const DISEASE_END =
  '症|病|炎|癌|瘤|综合征|硬化|增生|痴呆|囊肿|结节|息肉|梗死|梗塞|出血|积液|狭窄|肥厚|反流|溃疡|衰竭|不全|功能减退|亢进';
