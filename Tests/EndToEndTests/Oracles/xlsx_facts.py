#!/usr/bin/python3
"""What openpyxl reads in a workbook, as JSON, for tests that check what attendance wrote.

    xlsx_facts.py FILE.xlsx

For each sheet: its frozen panes, its autofilter's range, its size, and every cell that holds a
value or a solid fill: the value (dates and times in ISO 8601), openpyxl's data type, the fill's
ARGB colour and the number format. Also the sheet names in order and the document's title.
"""
import datetime
import json
import sys

import openpyxl


def main() -> None:
    workbook = openpyxl.load_workbook(sys.argv[1])
    facts = {"sheets": workbook.sheetnames, "title": workbook.properties.title}
    for sheet in workbook.worksheets:
        cells = {}
        for row in sheet.iter_rows():
            for cell in row:
                solid = cell.fill is not None and cell.fill.fill_type == "solid"
                if cell.value is None and not solid:
                    continue
                value = cell.value
                if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
                    value = value.isoformat()
                cells[cell.coordinate] = {
                    "value": value,
                    "type": cell.data_type,
                    "fill": cell.fill.fgColor.rgb if solid else None,
                    "format": cell.number_format,
                }
        facts[sheet.title] = {
            "freeze": sheet.freeze_panes,
            "filter": sheet.auto_filter.ref,
            "rows": sheet.max_row,
            "columns": sheet.max_column,
            "cells": cells,
        }
    json.dump(facts, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
