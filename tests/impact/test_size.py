"""Common-random-number simulation: identical rules give exactly zero; a different rule moves the
games; the Dask backend (local mode) gives the same numbers as the local backend."""

from __future__ import annotations

from checker.impact.size import compare, simulate

GREEN_FIRST = {"activation.order": [["blue", "green"], ["red"], ["purple"], ["landmark"]]}


def test_identical_rules_give_delta_exactly_zero():
    res = simulate("mk2", [{}, {}], players=3, games=30, seed=5)
    assert res[0] == res[1]
    c = compare(res[0], res[1], 3)
    assert c["win_rate_delta"] == 0.0 and c["length_delta"] == 0.0 and c["length_delta_ci95"] == [0.0, 0.0]
    assert all(s["delta"] == 0.0 and s["ci95"] == [0.0, 0.0] for s in c["seats"])


def test_a_different_rule_changes_paired_games_and_the_interval_covers_the_mean():
    res = simulate("mk2", [{}, GREEN_FIRST], players=3, games=30, seed=5)
    c = compare(res[0], res[1], 3)
    assert c["games_changed"] > 0
    for s in c["seats"]:
        assert s["ci95"][0] <= s["delta"] <= s["ci95"][1]
    assert abs(sum(s["delta"] for s in c["seats"])) < 1e-9  # a win moved is a win lost elsewhere


def test_local_workers_and_dask_local_mode_give_the_same_numbers():
    from dask.distributed import Client, LocalCluster

    one = simulate("mk2", [{}, GREEN_FIRST], players=3, games=24, seed=11, chunk=6)
    two = simulate("mk2", [{}, GREEN_FIRST], players=3, games=24, seed=11, chunk=6, workers=2)
    cluster = LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None)
    try:
        with Client(cluster) as client:
            dask = simulate("mk2", [{}, GREEN_FIRST], players=3, games=24, seed=11, chunk=6,
                            backend="dask", client=client)
    finally:
        cluster.close()
    assert one == two == dask
    assert len(dask[0]) == 24


def test_plot_is_written(tmp_path):
    from checker.impact.size import plot
    res = simulate("mk2", [{}, GREEN_FIRST], players=3, games=10, seed=1)
    out = tmp_path / "impact.png"
    plot({"green first": compare(res[0], res[1], 3)}, str(out), "test")
    assert out.stat().st_size > 1000 and out.read_bytes()[:4] == b"\x89PNG"


def test_plot_labels_never_overlap_with_many_long_readings(tmp_path):
    """Six readings with labels as long as real ones (topic, book, reading): every text drawn on the
    figure (ticks, axis labels, legend, title, the key) keeps clear of every other."""
    from checker.impact.size import figure, plot

    res = simulate("mk2", [{}, GREEN_FIRST], players=3, games=10, seed=1)
    comp = compare(res[0], res[1], 3)
    labels = [f"activation.order reading of {lang}-mk2: red → green → blue + purple → landmark, as printed on page {n}"
              for n, lang in enumerate(("de", "es", "uk", "fr", "it", "pl"), 1)]
    comps = {label: comp for label in labels}
    fig = figure(comps, "CRN effect of each reading vs the reference · 10 games · 3 players")
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    from matplotlib.text import Text

    def drawn_ticks(axis) -> list[Text]:  # noqa: ANN001 - a matplotlib Axis: only ticks inside its view are drawn
        lo, hi = sorted(axis.get_view_interval())
        return [t for t, loc in zip(axis.get_majorticklabels(), axis.get_majorticklocs(), strict=True) if lo <= loc <= hi]

    ticks = {id(t) for ax in fig.axes for t in ax.xaxis.get_majorticklabels() + ax.yaxis.get_majorticklabels()}
    drawn = {id(t) for ax in fig.axes for t in drawn_ticks(ax.xaxis) + drawn_ticks(ax.yaxis)}
    texts = [t for t in fig.findobj(Text) if t.get_text().strip() and t.get_visible() and (id(t) not in ticks or id(t) in drawn)]
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in texts]
    assert len(boxes) > 10
    width, height = fig.get_size_inches() * fig.dpi
    for i, (a, box) in enumerate(boxes):
        assert box.x0 >= -1 and box.x1 <= width + 1 and box.y0 >= -1 and box.y1 <= height + 1, f"{a!r} leaves the figure"
        for b, other in boxes[i + 1:]:
            assert not box.overlaps(other), f"{a!r} overlaps {b!r}"
    out = tmp_path / "impact.png"
    plot(comps, str(out), "test")
    assert out.read_bytes()[:4] == b"\x89PNG"
