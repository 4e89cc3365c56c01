/**
 * The glossary in Spanish: each term's name (with the English one kept, for whoever searches
 * for it), the Spanish spellings found in text, and its definition, by the term's id. Only
 * words: the papers and the English spellings are the English term's (./glossaryTerms*.ts),
 * and ./glossary.ts merges the two (glossaryFor). A chunk of its own, loaded for Spanish only.
 */
export interface TermText {
  term: string;
  /** Spellings in Spanish text, matched before the English ones (which still match). */
  match: readonly string[];
  definition: string;
}

export const GLOSSARY_ES: Readonly<Record<string, TermText>> = {
  // MPE/iX (Sieler)
  freadseek: {
    term: 'FREADSEEK',
    match: [],
    definition:
      'Una llamada de MPE/iX que avisa al sistema de archivos de qué registro leerá pronto el programa, para que empiece a leer antes esa parte del archivo desde disco (una precarga). Sieler comprobó que solo compensa si se llama con suficiente antelación y para suficientes páginas.',
  },
  fread: {
    term: 'FREAD y FREADDIR',
    match: [],
    definition:
      'Llamadas al sistema de archivos de MPE/iX que copian un registro en el programa: FREAD el siguiente, FREADDIR el registro de un número dado. Cada llamada cuesta CPU, pero el sistema de archivos lee del disco muchas páginas a la vez.',
  },
  intrinsic: {
    term: 'intrinsic (rutina del sistema)',
    match: ['rutina del sistema'],
    definition:
      'La palabra de MPE para una rutina del sistema operativo a la que llama un programa, como FOPEN, FREAD o ASCII: lo que otros sistemas llaman llamada al sistema o rutina de biblioteca.',
  },
  'mapped-file': {
    term: 'archivo mapeado (mapped file)',
    match: ['archivo mapeado', 'archivos mapeados', 'lectura mapeada', 'mapeado en memoria'],
    definition:
      'Un archivo abierto de modo que el programa recibe una dirección de memoria para su primer byte y lee el archivo como un vector en memoria. Ninguna llamada al sistema de archivos por registro: los datos ausentes llegan por fallos de página.',
  },
  'page-fault': {
    term: 'fallo de página (page fault)',
    match: ['fallo de página', 'fallos de página'],
    definition:
      'Lo que ocurre cuando un programa toca memoria cuya página no está en la memoria física: el hardware lo detiene, el sistema operativo lee la página del disco y el programa sigue. En MPE/iX un fallo lee una página lógica.',
  },
  prefetch: {
    term: 'precarga (prefetch)',
    match: ['precarga', 'precargar', 'precargada'],
    definition:
      'Traer del disco a la memoria más datos de los pedidos, antes de necesitarlos, para que una lectura posterior no espere al disco. Demasiado tarde o demasiado poco, advierte Sieler, es peor que nada.',
  },
  'read-ahead': {
    term: 'lectura anticipada (read-ahead)',
    match: ['lectura anticipada', 'lecturas anticipadas'],
    definition:
      'Las páginas que el sistema de archivos lee de una vez cuando una lectura no encuentra su página. Por los tiempos de FREAD, Sieler deduce que MPE/iX lee 15 o 16 páginas lógicas a la vez, donde un fallo de página lee una.',
  },
  'logical-page': {
    term: 'página lógica (logical page)',
    match: ['página lógica', 'páginas lógicas'],
    definition:
      'La unidad en que MPE/iX pagina y lee del disco: 4096 bytes. En memoria, una página lógica ocupa dos páginas físicas.',
  },
  'physical-page': {
    term: 'página física o marco de página (physical page, page frame)',
    match: ['página física', 'páginas físicas', 'marco de página', 'marcos de página', 'marco'],
    definition:
      'Un hueco de la memoria real que guarda una página: 2048 bytes en el hardware HPPA sobre el que corre MPE/iX. Cuántos marcos tiene una máquina es cuántas páginas puede tener en memoria a la vez.',
  },
  nm: {
    term: 'NM (Native Mode, modo nativo)',
    match: ['modo nativo'],
    definition:
      'En MPE/iX, un programa que ejecuta las instrucciones propias de la nueva máquina RISC: la forma más rápida, y el modo en que funciona el propio sistema de archivos de MPE/iX.',
  },
  cm: {
    term: 'CM (Compatibility Mode, modo de compatibilidad)',
    match: ['modo de compatibilidad'],
    definition:
      'En MPE/iX, un programa antiguo de HP 3000 que se ejecuta sin cambios: sus instrucciones se emulan una a una en la máquina RISC, lo que es lento.',
  },
  oct: {
    term: 'OCT (Object Code Translator, traductor de código objeto)',
    match: ['traductor de código objeto'],
    definition:
      'Una herramienta de MPE/iX que traduce de antemano las instrucciones antiguas de un programa CM a instrucciones RISC. El resultado va más rápido que CM pero conserva sus límites, y sigue cambiando de modo para llamar a código nativo.',
  },
  'mode-switch': {
    term: 'cambio de modo (mode switch)',
    match: ['cambio de modo', 'cambios de modo', 'cambia de modo', 'cambiar de modo'],
    definition:
      'El paso entre código CM y NM en MPE/iX, que se paga en cada llamada de ese tipo: el FREAD de un programa CM u OCT tiene que cambiar al sistema de archivos nativo, y «este cambio no es barato».',
  },
  ksam: {
    term: 'KSAM',
    match: [],
    definition:
      'Un tipo de archivo de MPE con clave (los registros se leen en orden de clave). Entonces aún estaba implementado en Compatibility Mode, así que los programas nativos pagaban un cambio de modo para usarlo.',
  },
  ascii: {
    term: 'intrinsic ASCII (ASCII intrinsic)',
    match: ['intrinsic ASCII'],
    definition:
      'La llamada de MPE que convierte un número en texto. Su versión nativa cambiaba a Compatibility Mode para hacer el trabajo, así que hasta los llamadores NM pagaban un cambio de modo; el clon NM del propio Sieler era 20 veces más rápido.',
  },
  delta: {
    term: 'Delta',
    match: [],
    definition:
      'En las tablas de Sieler, el tiempo transcurrido menos el tiempo de CPU: el tiempo que el programa pasó, es de suponer, esperando a que llegaran datos del disco.',
  },
  // HP-UX Unified File Cache (Mohideen)
  ufc: {
    term: 'UFC (Unified File Cache, caché unificada de archivos)',
    match: ['caché unificada de archivos'],
    definition:
      'La caché única de páginas de archivo de HP-UX 11i v3, que usan tanto read()/write() como mmap(), de modo que las dos vistas de un archivo siempre coinciden y no se vuelca nada a disco cuando un programa pasa de una a otra.',
  },
  'buffer-cache': {
    term: 'caché de búferes (buffer cache)',
    match: ['caché de búferes'],
    definition:
      'Hasta HP-UX 11i v2, la caché del núcleo del sistema para los datos de archivo leídos y escritos con read() y write(), separada de las páginas que usa mmap(). En 11i v3 solo guarda metadatos del sistema de archivos.',
  },
  'page-cache': {
    term: 'caché de páginas (page cache)',
    match: ['caché de páginas'],
    definition:
      'Las páginas de memoria que guardan datos de archivo para el acceso mapeado en memoria; en HP-UX 11i v3 todos los datos de archivo viven ahí, localizados por (archivo, desplazamiento).',
  },
  mmap: {
    term: 'mmap()',
    match: [],
    definition:
      'La llamada de Unix que mapea un archivo en la memoria de un programa (un archivo mapeado): el programa lee entonces el archivo con cargas normales, y las páginas ausentes llegan por fallos de página.',
  },
  'read-write': {
    term: 'read() y write()',
    match: [],
    definition:
      'Las llamadas de Unix que copian datos de archivo entre la caché del núcleo del sistema y el búfer propio del programa, una llamada por bloque.',
  },
  'mixed-mode': {
    term: 'modo mixto (mixed mode)',
    match: ['modo mixto'],
    definition:
      'Dos sentidos. En el artículo de UFC: un programa que lee un mismo archivo con read()/write() y a través de mmap(). En el de Itanium: un programa cuyas partes se ejecutan como tipos de código distintos (Itanium nativo, y PA-RISC bajo DOCT) en dos procesos.',
  },
  stealback: {
    term: 'stealback',
    // The name the app's catalogue gives it on the home page.
    match: ['recuperación de páginas'],
    definition:
      'Una función de UFC (heredada de Tru64): cuando un archivo leído secuencialmente ocupa más de una parte fijada de la caché, su siguiente página se toma de sus propias páginas más antiguas, para que un recorrido largo no expulse las de todos los demás. Desactivada por defecto.',
  },
  'filecache-max': {
    term: 'filecache_max',
    match: [],
    definition:
      'Parámetros ajustables de HP-UX 11i v3 (con filecache_min) que acotan la memoria que usa la caché de archivos para datos de read()/write(). No limitan el acceso mapeado en memoria.',
  },
  'fcache-seqlimit': {
    term: 'fcache_seqlimit_file y fcache_seqlimit_system',
    match: [],
    definition:
      'Los dos parámetros ajustables de stealback: cuánto debe llenarse la caché de archivos entera antes de que empiece el stealback, y cuánto puede ocupar un archivo leído secuencialmente antes de tomar páginas de sí mismo.',
  },
  sdet: {
    term: 'SDET',
    match: [],
    definition:
      'Un benchmark multiusuario estándar de un sistema Unix (muchos usuarios simulados ejecutando órdenes), que el artículo de UFC ejecutó sobre discos físicos para comparar 11i v3 con v2.',
  },
  iozone: {
    term: 'iozone',
    match: [],
    definition:
      'Un benchmark de sistemas de archivos. El artículo de UFC lo ejecutó de tres maneras: muchos procesos sobre muchos archivos (scale), un proceso que prueba unos 300 patrones de lectura y escritura (-az), y lo mismo a través de mmap().',
  },
  postmark: {
    term: 'PostMark',
    match: [],
    definition:
      'Un benchmark de un solo hilo cargado de metadatos: busca, crea y borra muchos archivos pequeños. El único resultado de UFC que empeoró.',
  },
  vnode: {
    term: 'vnode',
    match: [],
    definition:
      'El registro del núcleo del sistema para un archivo abierto. En 11i v3 cada vnode guarda la lista de sus páginas en la caché, en lugar de una sola lista detrás de un único cerrojo global.',
  },
  // Mixed mode on Itanium (Sidwall, Kroeker)
  doct: {
    term: 'DOCT (Dynamic Object Code Translator, traductor dinámico de código objeto)',
    match: ['traductor dinámico de código objeto'],
    definition:
      'El emulador de HP que ejecuta programas PA-RISC sin cambios en Itanium traduciendo su código mientras se ejecuta (nombre en clave Aries). Los programas interactivos parecen normales; los de mucho cálculo van de 4 a 10 veces más lentos que los nativos.',
  },
  rpc: {
    term: 'RPC (Remote Procedure Call, llamada a procedimiento remoto)',
    match: ['llamada a procedimiento remoto', 'llamadas a procedimiento remoto'],
    definition:
      'Llamar a una función de otro proceso, incluso en otra máquina, como si fuera local: la maquinaria de DCE empaqueta los argumentos y espera la respuesta. Fácil y flexible, pero cada llamada cuesta mucho más que con memoria compartida (unos 0,9 ms con DOCT).',
  },
  'shared-memory': {
    term: 'memoria compartida (shared memory, SM)',
    match: ['memoria compartida'],
    definition:
      'Un bloque de memoria al que se conectan dos procesos: quien llama deja allí sus datos y avisa, y el servidor deja allí la respuesta. Rápida (unos 0,01 ms por llamada con DOCT), pero los programas tienen que sincronizarse por su cuenta.',
  },
  semaphore: {
    term: 'semáforo (semaphore)',
    match: ['semáforo'],
    definition:
      'Un contador del sistema operativo que los procesos usan para esperarse y despertarse: sirve para sincronizar, no para llevar datos. La versión con memoria compartida los usa para decir «entrada lista» y «salida lista».',
  },
  marshal: {
    term: 'empaquetado de argumentos (marshalling)',
    match: ['empaquetado de argumentos', 'empaqueta sus argumentos', 'empaquetar los argumentos'],
    definition:
      'Empaquetar los argumentos de una llamada en un mensaje para otro proceso (y desempaquetarlos allí). RPC lo hace por ti, a un precio en cada llamada.',
  },
  'pa-risc': {
    term: 'PA-RISC',
    match: [],
    definition:
      'La familia de procesadores anterior de HP (HPPA), sobre la que corrían MPE/iX y HP-UX antes de Itanium. Sus programas solo se ejecutan de forma nativa en Itanium una vez portados; si no, bajo DOCT.',
  },
  itanium: {
    term: 'Itanium (IPF)',
    match: [],
    definition:
      'La familia de procesadores de 64 bits de Intel y HP (Itanium Processor Family), en los servidores Integrity de HP; Montecito es un Itanium 2 de doble núcleo.',
  },
  'call-overhead': {
    term: 'sobrecoste de llamada (call overhead)',
    match: ['sobrecoste de llamada', 'sobrecoste de una llamada'],
    definition:
      'Lo que cuesta una llamada además del trabajo que hace. En las llamadas entre procesos es el propio cruce, y con muchas llamadas se convierte en «el elemento principal del tiempo empleado».',
  },
  // OpenVMS on Montecito (Ellis)
  hyperthread: {
    term: 'hyperthread (hilo de hardware)',
    match: ['hilo de hardware', 'hilos de hardware'],
    definition:
      'Un segundo juego de registros en un núcleo Montecito, para que pueda tener dos programas a la vez. Solo se ejecuta uno cada vez: el núcleo pasa al otro cuando el que corre espera por un fallo de caché, o por un temporizador. Para OpenVMS cada uno parece una CPU.',
  },
  cothread: {
    term: 'cothread',
    match: [],
    definition:
      'El nombre que da OpenVMS a dos CPU que son hyperthreads del mismo núcleo («cothread CPUs»): se turnan para usar ese único núcleo.',
  },
  core: {
    term: 'núcleo (core)',
    match: ['núcleo'],
    definition:
      'La parte de un chip procesador que de verdad ejecuta programas, con su propia caché. Un procesador Montecito tiene 2 núcleos, cada uno con 2 hyperthreads.',
  },
  montecito: {
    term: 'Montecito',
    match: [],
    definition:
      'El procesador Itanium 2 de doble núcleo de 2006: 2 núcleos y 4 hyperthreads por chip, con su caché repartida entre los núcleos.',
  },
  'cache-miss': {
    term: 'fallo de caché (cache miss)',
    match: ['fallo de caché', 'fallos de caché', 'falla en la caché'],
    definition:
      'Cuando los datos que necesita un programa no están en la caché del procesador y tienen que venir de la memoria principal, lo que lleva cientos de ciclos. Un núcleo Montecito cambia de hyperthread en cada fallo.',
  },
  'memory-latency': {
    term: 'latencia de memoria (memory latency)',
    match: ['latencia de memoria', 'latencias de memoria'],
    definition:
      'Lo que tarda un acceso a la memoria principal. Ellis: los sistemas con mayor latencia de memoria ganan más con los hyperthreads, porque hay más espera que ocultar.',
  },
  affinity: {
    term: 'afinidad (affinity)',
    match: ['afinidad'],
    definition:
      'Fijar un proceso a unas CPU elegidas, como hicieron las pruebas de ejemplo con SET PROCESS/AFFINITY, para que el sistema operativo solo pueda ejecutarlo allí.',
  },
  'context-switch': {
    term: 'cambio de contexto (context switch)',
    match: ['cambio de contexto', 'cambios de contexto'],
    definition:
      'El sistema operativo detiene un proceso en una CPU y arranca otro: guarda y restaura los registros, y el proceso nuevo encuentra la caché llena de los datos del anterior.',
  },
  'time-slice': {
    term: 'porción de tiempo (time slice, quantum)',
    match: ['porción de tiempo', 'porciones de tiempo', 'turnos de tiempo', 'por turnos'],
    definition:
      'Cuánto deja el sistema operativo que un proceso se ejecute en una CPU antes de dársela al siguiente que espera. Dos sesiones en un núcleo se turnan así.',
  },
  // Sorted VM/SP directories (Jause)
  dmkudr: {
    term: 'DMKUDR',
    match: [],
    definition:
      'El módulo del programa de control de VM/SP que busca un identificador de usuario en el directorio de VM, llamado en cada inicio de sesión y cada enlace. Recorría el directorio linealmente; Jause hizo que buscara en páginas ordenadas por mitades.',
  },
  'directory-page': {
    term: 'página de directorio (directory page)',
    match: ['página de directorio', 'páginas de directorio'],
    definition:
      'Una página de 4 KB del directorio de VM, con entradas de usuario. La búsqueda mira primero el identificador más bajo y el más alto de cada página (DPLLOW, DPLHIGH) para saltarse las páginas que no pueden contenerlo.',
  },
  'user-id': {
    term: 'identificador de usuario (user id)',
    match: ['identificador de usuario', 'identificadores de usuario'],
    definition:
      'El nombre de un usuario o máquina de servicio de VM: la clave que DMKUDR busca en el directorio.',
  },
  'linear-search': {
    term: 'búsqueda lineal (linear search)',
    match: ['búsqueda lineal', 'búsquedas lineales', 'recorrido lineal'],
    definition:
      'Mirar las entradas una a una desde el principio hasta dar con la buscada: el tiempo crece con lo lejos que esté.',
  },
  'binary-search': {
    term: 'búsqueda binaria (binary search)',
    match: ['búsqueda binaria', 'búsquedas binarias'],
    definition:
      'En una lista ordenada, comparar con la entrada del medio y quedarse solo con la mitad que puede contener la buscada, una y otra vez: unos log₂ n pasos en lugar de hasta n. Necesita el directorio ordenado.',
  },
  'tod-clock': {
    term: 'reloj TOD (TOD clock, STCK)',
    match: ['reloj TOD'],
    definition:
      'El reloj de hora del día del mainframe de IBM, que se lee con la instrucción STCK; en el 3083 del artículo avanza cada 125 ns, lo que permitió a Jause cronometrar búsquedas sueltas.',
  },
  trans: {
    term: 'TRANS',
    match: [],
    definition:
      'La macro de DMKUDR que se asegura de que una página de directorio está en la memoria real (trayéndola si hace falta) antes de leer sus entradas.',
  },
  'profile-entry': {
    term: 'entrada PROFILE (PROFILE entry)',
    match: ['entrada PROFILE', 'entradas PROFILE'],
    definition:
      'Una entrada del directorio que guarda ajustes compartidos por varios usuarios en lugar de un usuario; la búsqueda la salta (indicador UDIRPRF).',
  },
  // Textbook terms the models and lessons use.
  'working-set': {
    term: 'conjunto de trabajo (working set)',
    match: ['conjunto de trabajo', 'conjuntos de trabajo'],
    definition:
      'Las páginas que un programa sigue usando durante un tramo de tiempo. Si caben todas en memoria, va a la velocidad de la memoria; si no, no deja de provocar fallos.',
  },
  'replacement-policy': {
    term: 'política de reemplazo (replacement policy)',
    match: ['política de reemplazo', 'políticas de reemplazo', 'reemplazo de páginas'],
    definition:
      'La regla que elige qué página expulsar de una memoria (o caché) llena para hacer sitio a una nueva: FIFO, LRU, CLOCK, RAND u OPT, que conoce el futuro.',
  },
  lru: {
    term: 'LRU',
    match: [],
    definition:
      'Least Recently Used (la usada hace más tiempo): expulsar la página que lleva más tiempo sin usarse. Buena cuando el pasado reciente predice el futuro; mala para un bucle algo mayor que la memoria o un recorrido largo.',
  },
  opt: {
    term: 'OPT',
    match: [],
    definition:
      'La política óptima (de Belady): expulsar la página que se necesitará más tarde. No se puede construir, porque tendría que conocer el futuro, pero muestra lo mejor que podría hacer cualquier política.',
  },
  belady: {
    term: 'anomalía de Belady (Belady’s anomaly)',
    match: ['anomalía de Belady'],
    definition:
      'Con reemplazo FIFO, dar a un programa más marcos de memoria puede hacer que falle más a menudo, como muestra la cadena clásica 1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5 con 3 y 4 marcos.',
  },
  zipf: {
    term: 'Zipf',
    match: [],
    definition:
      'Un patrón de popularidad: el k-ésimo elemento más usado se usa en proporción a 1/kˢ, así que unos pocos elementos se llevan la mayoría de las referencias.',
  },
};
