/**
 * Each model's title and summary in Spanish, by model id (src/models/<id>/info.ts holds the
 * English). Only words; ./modelTexts.ts loads this chunk for Spanish pages and merges it.
 */
export const MODEL_TEXTS_ES: Readonly<Record<string, { title: string; summary: string }>> = {
  'file-access': {
    title: 'Acceso a archivos: archivos mapeados, fallos de página y precarga (MPE/iX)',
    summary:
      'Un programa lee un archivo secuencialmente mediante un puntero mapeado, FREAD o FREADDIR, y puede llamar a FREADSEEK para precargar. ' +
      'La CPU y un disco se simulan evento a evento, así que cuándo se piden los datos importa tanto como cuántos.',
  },
  'page-replacement': {
    title: 'Reemplazo de páginas y el precipicio de la memoria',
    summary:
      'FIFO, LRU, OPT (Belady), CLOCK y RAND reproducen la misma cadena de referencias en la misma memoria. ' +
      'Reduce la memoria por debajo del conjunto de trabajo y los fallos (cada uno, una lectura de disco) se disparan: la «caída muy brusca del rendimiento cuando no hay memoria suficiente» del §5.',
  },
  'file-cache': {
    title:
      'Unified File Cache de HP-UX 11i v3: modo mixto, stealback y los benchmarks según el número de CPU',
    summary:
      '11i v2 guardaba los datos de write() en una caché de búferes separada de la caché de páginas, así que leerlos con mmap() obligaba a volcarlos antes a disco; 11i v3 unifica las dos. ' +
      'Stealback impide que un solo lector secuencial vacíe la caché. ' +
      'Las tablas de los benchmarks se regeneran con un único mecanismo según el número de CPU y la plataforma: el cerrojo global de la caché de búferes de v2 frente a las listas de páginas por vnode de v3, y el cambio de camino con una CPU de cada benchmark. Ajustado con las celdas de 4 y 8 vías, las celdas de 64 vías se predicen con un intervalo; mount y Nastran quedan solo medidos, por razones explicadas.',
  },
  hyperthreads: {
    title: 'Hyperthreads: multihilo por eventos de Montecito (cothreads de OpenVMS)',
    summary:
      'Cada núcleo Montecito tiene dos hilos de hardware pero ejecuta uno cada vez, y cambia en un fallo de caché o por un temporizador; ' +
      'OpenVMS ve cada hilo como una CPU. Los núcleos se simulan fallo a fallo y el sistema operativo cuanto a cuanto, así que puedes ver ' +
      'cuándo un segundo hilo oculta las esperas a la memoria y cuándo solo añade cambios.',
  },
  'cross-boundary': {
    title: 'Llamadas entre mundos: cambios de modo de MPE/iX e IPC en modo mixto con DOCT',
    summary:
      'Una llamada que cruza a otro mundo de ejecución cuesta la parte de quien llama + el cruce + la parte de quien recibe, cada una a la velocidad de su mundo ' +
      '(nativo, traducido, emulado). Cambios de modo en MPE/iX; memoria compartida o DCE RPC entre un programa de Itanium y una biblioteca PA-RISC bajo DOCT. ' +
      'También ejecuta el mismo benchmark entre tu página y Web Workers.',
  },
  'directory-search': {
    title:
      'Búsqueda en el directorio: búsqueda lineal frente a binaria en las páginas de directorio de VM/SP (DMKUDR)',
    summary:
      'DMKUDR, de CP, encuentra un identificador de usuario mirando el identificador más bajo y el más alto de cada página de directorio y recorriendo después la página desde arriba. ' +
      'Se busca cada identificador de usuario, instrucción a instrucción según los listados del artículo, en el directorio sin ordenar y en el ordenado, linealmente y con la búsqueda binaria del artículo.',
  },
};
