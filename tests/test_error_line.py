"""Error lines print file names as they are: "[...]" in a name is not rich markup."""

from mkdb.output import error


def test_brackets_in_a_file_name_survive(capsys):
    error("notes[red].txt: zero-byte file")
    err = capsys.readouterr().err
    assert "notes[red].txt: zero-byte file" in err and err.count("\n") == 1
