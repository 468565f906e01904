"""Coverage-guided fuzzing of the loaders with atheris; see ``fuzz/README.md``.

* :mod:`fuzz.targets` — the targets and the one judge of an input, :func:`~fuzz.targets.check`,
  shared by the fuzzer and the replay tests (``tests/test_fuzz_corpus.py``);
* :mod:`fuzz.run` — the atheris driver (``nox -s fuzz``);
* :mod:`fuzz.mutators` — structure-aware mutators of JSON documents and text records;
* :mod:`fuzz.minimize` — shrinks a crash input;
* :mod:`fuzz.make_corpus` — writes the seed corpus, ``fuzz/corpus/<target>/``.
"""
