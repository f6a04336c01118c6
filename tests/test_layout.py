"""Page geometry: grids, paper sizes and board tiles."""
import pytest

from forge.errors import UserError
from forge.layout import (MARGIN, MARK_ZONE, PAPERS, TILE_MARGIN, fit_grid, paper_size, seams_across,
                          tile_board)


def test_poker_cards_with_own_bleed_fit_8_on_a4_landscape():
    grid = fit_grid((63.5, 88.9), 3, False, PAPERS["a4"])
    assert (grid.per_page, grid.landscape) == (8, True)


def test_counters_with_shared_cuts_pack_edge_to_edge():
    grid = fit_grid((16, 16), 3, True, PAPERS["a4"])
    usable = 210 - 2 * (MARGIN + MARK_ZONE + 3)
    assert grid.pitch_x == 16
    assert grid.columns == int(usable // 16)


def test_too_large_piece_is_a_clear_error():
    with pytest.raises(UserError, match="does not fit"):
        fit_grid((400, 400), 3, False, PAPERS["a4"])


def test_unknown_paper():
    with pytest.raises(UserError, match="unknown paper 'a5'"):
        paper_size("a5")


@pytest.mark.parametrize("spaces", [False, True])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_cover_the_board_with_overlap(paper, spaces, tetrarchia):
    from forge.render.tetrarchia.board import spaces as board_spaces

    board, bleed, overlap = (390, 255), 3, 10
    keep = board_spaces(tetrarchia.docs["board"].data) if spaces else ()
    landscape, tiles = tile_board(board, PAPERS[paper], overlap, bleed, keep)
    page = PAPERS[paper][::-1] if landscape else PAPERS[paper]
    for tile in tiles:
        assert tile.width <= page[0] - 2 * TILE_MARGIN + 1e-6
        assert tile.height <= page[1] - 2 * TILE_MARGIN + 1e-6
    ys = sorted({(t.y0, t.y0 + t.height) for t in tiles})
    assert ys[0][0] == -bleed and ys[-1][1] == pytest.approx(board[1] + bleed)
    for row in {t.row for t in tiles}:
        xs = sorted((t.x0, t.x0 + t.width) for t in tiles if t.row == row)
        assert xs[0][0] == -bleed and xs[-1][1] == pytest.approx(board[0] + bleed)
        for (a0, a1), (b0, b1) in zip(xs, xs[1:]):
            assert a1 - b0 >= overlap - 1e-6
    for (a0, a1), (b0, b1) in zip(ys, ys[1:]):
        assert a1 - b0 >= overlap - 1e-6
    assert len(tiles) == {"a4": 3, "letter": 4}[paper]


def test_without_spaces_the_tiles_spread_evenly():
    landscape, tiles = tile_board((390, 255), PAPERS["a4"], 10, 3)
    assert not landscape
    assert [t.x0 for t in tiles] == [-3, 100, 203]
    assert {t.width for t in tiles} == {190}


def test_seams_move_off_the_spaces_they_can_miss():
    space = (100 + 12, 100, 11)            # a circle the even seam at x = 100 would cross
    _, even = tile_board((390, 255), PAPERS["a4"], 10, 3)
    _, moved = tile_board((390, 255), PAPERS["a4"], 10, 3, [space])
    assert seams_across(even, [space]) == [space]
    assert seams_across(moved, [space]) == []
    assert len(moved) == len(even)
    xs = [(t.x0, t.x0 + t.width) for t in moved]
    assert all(a1 - b0 >= 10 for (_, a1), (b0, _) in zip(xs, xs[1:]))
    assert all(t.width <= 190 for t in moved)
